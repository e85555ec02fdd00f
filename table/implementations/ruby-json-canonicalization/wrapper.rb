# The table's wrapper for the gem json-canonicalization (table/implementations/ruby-json-canonicalization),
# speaking canon-conformance's command protocols (docs/protocol.md):
#
#   bundle exec ruby wrapper.rb            once: the input on stdin, the answer on stdout, exit 1 to refuse
#   bundle exec ruby wrapper.rb --lines    lines: a request per line, an answer per line, "!reason" to refuse
#
# The gem canonicalizes Ruby values (to_json_c14n), so the wrapper parses with Ruby's JSON.parse after
# checking the bytes are UTF-8; what JSON.parse lets through (a duplicate name, kept last) is the gem's.
require "json"
require "json/canonicalization"

def canon(bytes)
  text = bytes.dup.force_encoding(Encoding::UTF_8)
  raise ArgumentError, "invalid UTF-8" unless text.valid_encoding?
  JSON.parse(text).to_json_c14n
end

def reason(error)
  "#{error.class}: #{error.message}".tr("\r\n", "  ")
end

$stdin.binmode
$stdout.binmode
if ARGV.include?("--lines")
  $stdin.each_line("\n") do |line|
    request = line.end_with?("\n") ? line.chomp("\n") : line
    answer = begin
      canon(request)
    rescue StandardError, SystemStackError => e
      "!#{reason(e)}"
    end
    $stdout.write(answer.b, "\n")
    $stdout.flush
  end
else
  begin
    $stdout.write(canon($stdin.read).b, "\n")
  rescue StandardError, SystemStackError => e
    warn reason(e)
    exit 1
  end
end
