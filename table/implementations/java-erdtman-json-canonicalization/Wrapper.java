// The table's wrapper for the Maven Central artifact io.github.erdtman:java-json-canonicalization (table/implementations/java-erdtman-json-canonicalization), speaking canon-conformance's command
// protocols (docs/protocol.md):
//
//   java -cp 'classes:lib/*' Wrapper            once: the input on stdin, the answer on stdout, exit 1 to refuse
//   java -cp 'classes:lib/*' Wrapper --lines    lines: a request per line, an answer per line, "!reason" to refuse
//
// The library reads JSON text itself and takes it as bytes (new JsonCanonicalizer(byte[]), which decodes
// them as UTF-8 itself): the wrapper hands it the input's bytes as they came and writes out the bytes it
// returns (getEncodedUTF8()). Release 1.1 declares `package org.erdtman.jcs`.
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.erdtman.jcs.JsonCanonicalizer;

public final class Wrapper {
  static byte[] canon(byte[] bytes) throws Exception {
    return new JsonCanonicalizer(bytes).getEncodedUTF8();
  }

  static String reason(Throwable error) {
    return (error.getClass().getSimpleName() + ": " + error.getMessage()).replace('\r', ' ').replace('\n', ' ');
  }

  public static void main(String[] args) throws IOException {
    InputStream in = System.in;
    OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
    if (args.length > 0 && args[0].equals("--lines")) {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      int b;
      while ((b = in.read()) != -1) {
        if (b != '\n') {
          line.write(b);
          continue;
        }
        byte[] answer;
        try {
          answer = canon(line.toByteArray());
        } catch (Throwable error) {
          answer = ("!" + reason(error)).getBytes(StandardCharsets.UTF_8);
        }
        out.write(answer);
        out.write('\n');
        out.flush();
        line.reset();
      }
      return;
    }
    try {
      byte[] answer = canon(in.readAllBytes());
      out.write(answer);
      out.write('\n');
      out.flush();
    } catch (Throwable error) {
      System.err.println(reason(error));
      System.exit(1);
    }
  }
}
