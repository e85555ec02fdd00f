// The table's wrapper for the Maven Central artifact com.apicatalog:titanium-jcs (table/implementations/java-titanium-jcs), speaking canon-conformance's command
// protocols (docs/protocol.md):
//
//   java -cp 'classes:lib/*' Wrapper            once: the input on stdin, the answer on stdout, exit 1 to refuse
//   java -cp 'classes:lib/*' Wrapper --lines    lines: a request per line, an answer per line, "!reason" to refuse
//
// The library canonicalizes a Jakarta JSON Processing value, so the wrapper parses with the JSON-P provider
// org.glassfish:jakarta.json 2.0.1 (what its README names), after refusing bytes that are not UTF-8.
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import com.apicatalog.jcs.Jcs;
import jakarta.json.Json;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.io.StringWriter;

public final class Wrapper {
  static String text(byte[] bytes) throws CharacterCodingException {
    return StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(bytes))
        .toString();
  }

  static String canon(byte[] bytes) throws Exception {
    try (JsonReader reader = Json.createReader(new StringReader(text(bytes)))) {
      StringWriter writer = new StringWriter();
      Jcs.canonize(reader.readValue(), writer);
      return writer.toString();
    }
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
        String answer;
        try {
          answer = canon(line.toByteArray());
        } catch (Throwable error) {
          answer = "!" + reason(error);
        }
        out.write(answer.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
        line.reset();
      }
      return;
    }
    try {
      String answer = canon(in.readAllBytes());
      out.write(answer.getBytes(StandardCharsets.UTF_8));
      out.write('\n');
      out.flush();
    } catch (Throwable error) {
      System.err.println(reason(error));
      System.exit(1);
    }
  }
}
