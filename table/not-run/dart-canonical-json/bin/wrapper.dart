// The table's wrapper for the pub.dev package canonical_json (table/look-alikes/dart-canonical-json),
// speaking canon-conformance's command protocols (docs/protocol.md):
//
//   dart run bin/wrapper.dart            once: the input on stdin, the answer on stdout, exit 1 to refuse
//   dart run bin/wrapper.dart --lines    lines: a request per line, an answer per line, "!reason" to refuse
//
// The package encodes Dart values, so the wrapper parses with dart:convert's jsonDecode after strict UTF-8
// decoding.
import 'dart:convert';
import 'dart:io';

import 'package:canonical_json/canonical_json.dart';

List<int> canon(List<int> bytes) =>
    canonicalJson.encode(jsonDecode(const Utf8Decoder(allowMalformed: false).convert(bytes)));

String reason(Object error) => error.toString().replaceAll(RegExp(r'[\r\n]'), ' ');

Future<void> main(List<String> args) async {
  if (args.contains('--lines')) {
    final line = <int>[];
    await for (final chunk in stdin) {
      for (final b in chunk) {
        if (b != 10) {
          line.add(b);
          continue;
        }
        try {
          stdout.add(canon(line));
        } catch (error) {
          stdout.add(utf8.encode('!${reason(error)}'));
        }
        stdout.add([10]);
        await stdout.flush();
        line.clear();
      }
    }
    return;
  }
  final input = <int>[];
  await for (final chunk in stdin) {
    input.addAll(chunk);
  }
  try {
    stdout.add(canon(input));
    stdout.add([10]);
    await stdout.flush();
  } catch (error) {
    stderr.writeln(reason(error));
    exitCode = 1;
  }
}
