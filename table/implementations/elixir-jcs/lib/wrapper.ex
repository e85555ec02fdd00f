defmodule TableWrapper do
  @moduledoc """
  The table's wrapper for the Hex package `jcs` (table/implementations/elixir-jcs), an escript speaking
  canon-conformance's command protocols (docs/protocol.md):

      ./wrapper            once: the input on stdin, the answer on stdout, exit 1 to refuse
      ./wrapper --lines    lines: a request per line, an answer per line, "!reason" to refuse

  The package encodes Elixir terms, so the wrapper parses with Jason (1.4.4, what the package depends on),
  after checking the bytes are UTF-8.
  """

  def canon(bytes) do
    unless String.valid?(bytes), do: raise(ArgumentError, "invalid UTF-8")
    Jcs.encode(Jason.decode!(bytes))
  end

  defp reason(error), do: error |> Exception.message() |> String.replace(["\r", "\n"], " ")

  defp answer(bytes) do
    try do
      canon(bytes)
    rescue
      error -> {:refused, reason(error)}
    end
  end

  def main(args) do
    :ok = :io.setopts(:standard_io, binary: true, encoding: :latin1)

    if "--lines" in args do
      IO.binstream(:standard_io, :line)
      |> Enum.each(fn line ->
        request = String.replace_suffix(line, "\n", "")

        case answer(request) do
          {:refused, why} -> IO.binwrite(:standard_io, ["!", why, "\n"])
          text -> IO.binwrite(:standard_io, [text, "\n"])
        end
      end)
    else
      case answer(IO.binread(:standard_io, :eof)) do
        {:refused, why} ->
          IO.puts(:stderr, why)
          System.halt(1)

        text ->
          IO.binwrite(:standard_io, [text, "\n"])
      end
    end
  end
end
