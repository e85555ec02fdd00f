// An RFC 8785 (JCS) canonicalizer in Java with no dependencies (javac only), speaking
// canon-conformance's command-adapter protocol (docs/protocol.md).
//
//   java -cp examples/java Canon            once: stdin to stdout, exit 1 with a reason to reject
//   java -cp examples/java Canon --lines    lines: one request line in, one answer line out, "!reason" rejects
//
// Java 17's Double.toString does not always print the shortest digits, so numbers are formatted here:
// the exact value rounded to the fewest significant digits that read back as the same double, then
// laid out by ECMAScript's Number::toString rules (RFC 8785 section 3.2.2.3).
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class Canon {
  static final class Reject extends Exception {
    Reject(String why) { super(why); }
  }

  private static final int MAX_DEPTH = 1000;
  private final String text;
  private int at;

  private Canon(String text) { this.text = text; }

  static String decodeStrictUtf8(byte[] bytes) throws Reject {
    try {
      CharBuffer chars = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes));
      return chars.toString();
    } catch (CharacterCodingException e) {
      throw new Reject("invalid UTF-8");
    }
  }

  private Reject fail(String why) { return new Reject(why + " at character " + at); }

  private void space() {
    while (at < text.length()) {
      char c = text.charAt(at);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
      at++;
    }
  }

  private Object value(int depth) throws Reject {
    if (depth > MAX_DEPTH) throw fail("nested too deeply");
    space();
    if (at >= text.length()) throw fail("unexpected end");
    char c = text.charAt(at);
    if (c == '{') return object(depth);
    if (c == '[') return array(depth);
    if (c == '"') return string();
    for (String word : new String[] {"true", "false", "null"}) {
      if (text.startsWith(word, at)) {
        at += word.length();
        return word.equals("null") ? null : Boolean.valueOf(word.equals("true"));
      }
    }
    return number();
  }

  private Map<String, Object> object(int depth) throws Reject {
    at++;
    Map<String, Object> members = new LinkedHashMap<>();
    space();
    if (at < text.length() && text.charAt(at) == '}') { at++; return members; }
    while (true) {
      space();
      if (at >= text.length() || text.charAt(at) != '"') throw fail("expected a member name");
      String name = string();
      if (members.containsKey(name)) throw fail("duplicate member name");
      space();
      if (at >= text.length() || text.charAt(at) != ':') throw fail("expected ':'");
      at++;
      members.put(name, value(depth + 1));
      space();
      if (at < text.length() && text.charAt(at) == ',') { at++; continue; }
      if (at < text.length() && text.charAt(at) == '}') { at++; return members; }
      throw fail("expected ',' or '}'");
    }
  }

  private List<Object> array(int depth) throws Reject {
    at++;
    List<Object> items = new ArrayList<>();
    space();
    if (at < text.length() && text.charAt(at) == ']') { at++; return items; }
    while (true) {
      items.add(value(depth + 1));
      space();
      if (at < text.length() && text.charAt(at) == ',') { at++; continue; }
      if (at < text.length() && text.charAt(at) == ']') { at++; return items; }
      throw fail("expected ',' or ']'");
    }
  }

  private String string() throws Reject {
    at++;
    StringBuilder out = new StringBuilder();
    while (true) {
      if (at >= text.length()) throw fail("unterminated string");
      char c = text.charAt(at);
      if (c == '"') break;
      if (c < 0x20) throw fail("unescaped control character");
      if (c != '\\') { out.append(c); at++; continue; }
      if (at + 1 >= text.length()) throw fail("bad escape");
      char e = text.charAt(at + 1);
      at += 2;
      switch (e) {
        case '"': out.append('"'); break;
        case '\\': out.append('\\'); break;
        case '/': out.append('/'); break;
        case 'b': out.append('\b'); break;
        case 'f': out.append('\f'); break;
        case 'n': out.append('\n'); break;
        case 'r': out.append('\r'); break;
        case 't': out.append('\t'); break;
        case 'u':
          if (at + 4 > text.length()) throw fail("bad escape");
          int code = 0;
          for (int i = 0; i < 4; i++) {
            int digit = Character.digit(text.charAt(at + i), 16);
            if (digit < 0) throw fail("bad escape");
            code = code * 16 + digit;
          }
          out.append((char) code);
          at += 4;
          break;
        default: throw fail("bad escape");
      }
    }
    at++;
    String s = out.toString();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) { i++; continue; }
      if (Character.isSurrogate(c)) throw fail("lone surrogate");
    }
    return s;
  }

  private Double number() throws Reject {
    int start = at;
    if (at < text.length() && text.charAt(at) == '-') at++;
    if (at < text.length() && text.charAt(at) == '0') at++;
    else if (!digits()) throw fail("unexpected character");
    if (at < text.length() && text.charAt(at) == '.') { at++; if (!digits()) throw fail("bad number"); }
    if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
      at++;
      if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) at++;
      if (!digits()) throw fail("bad number");
    }
    double d = Double.parseDouble(text.substring(start, at)); // correctly rounded, as RFC 8785 reads numbers
    if (Double.isInfinite(d)) throw fail("number does not fit an IEEE-754 double");
    return d;
  }

  private boolean digits() {
    int start = at;
    while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') at++;
    return at > start;
  }

  static String formatNumber(double d) {
    if (d == 0) return "0";
    String sign = d < 0 ? "-" : "";
    BigDecimal exact = new BigDecimal(Math.abs(d));
    BigDecimal shortest = null;
    for (int p = 1; p <= 17; p++) {
      BigDecimal rounded = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
      if (Double.parseDouble(rounded.toString()) == Math.abs(d)) { shortest = rounded; break; }
    }
    BigDecimal s = shortest.stripTrailingZeros();
    String digits = s.unscaledValue().toString();
    int k = digits.length();
    int n = k - s.scale(); // value = 0.digits * 10^n
    StringBuilder out = new StringBuilder(sign);
    if (k <= n && n <= 21) {
      out.append(digits);
      for (int i = 0; i < n - k; i++) out.append('0');
    } else if (0 < n && n <= 21) {
      out.append(digits, 0, n).append('.').append(digits, n, k);
    } else if (-6 < n && n <= 0) {
      out.append("0.");
      for (int i = 0; i < -n; i++) out.append('0');
      out.append(digits);
    } else {
      int e = n - 1;
      out.append(digits.charAt(0));
      if (k > 1) out.append('.').append(digits, 1, k);
      out.append('e').append(e >= 0 ? '+' : '-').append(Math.abs(e));
    }
    return out.toString();
  }

  static void writeString(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\b': out.append("\\b"); break;
        case '\f': out.append("\\f"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        default:
          if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
          else out.append(c);
      }
    }
    out.append('"');
  }

  @SuppressWarnings("unchecked")
  static void serialize(Object v, StringBuilder out) {
    if (v == null) out.append("null");
    else if (v instanceof Boolean) out.append(v.toString());
    else if (v instanceof Double) out.append(formatNumber((Double) v));
    else if (v instanceof String) writeString((String) v, out);
    else if (v instanceof List) {
      out.append('[');
      List<Object> items = (List<Object>) v;
      for (int i = 0; i < items.size(); i++) {
        if (i > 0) out.append(',');
        serialize(items.get(i), out);
      }
      out.append(']');
    } else {
      // String.compareTo orders by UTF-16 code units, which is RFC 8785's key order.
      Map<String, Object> members = (Map<String, Object>) v;
      List<String> names = new ArrayList<>(members.keySet());
      names.sort(String::compareTo);
      out.append('{');
      for (int i = 0; i < names.size(); i++) {
        if (i > 0) out.append(',');
        writeString(names.get(i), out);
        out.append(':');
        serialize(members.get(names.get(i)), out);
      }
      out.append('}');
    }
  }

  static byte[] canonicalize(byte[] input) throws Reject {
    Canon parser = new Canon(decodeStrictUtf8(input));
    Object value = parser.value(0);
    parser.space();
    if (parser.at != parser.text.length()) throw parser.fail("unexpected text after the value");
    StringBuilder out = new StringBuilder();
    serialize(value, out);
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void lines(InputStream in, OutputStream out) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    byte[] buffer = new byte[65536];
    int n;
    while ((n = in.read(buffer)) > 0) {
      for (int i = 0; i < n; i++) {
        if (buffer[i] != '\n') { line.write(buffer[i]); continue; }
        answer(line.toByteArray(), out);
        line.reset();
      }
      out.flush();
    }
    if (line.size() > 0) answer(line.toByteArray(), out);
    out.flush();
  }

  private static void answer(byte[] request, OutputStream out) throws IOException {
    try {
      out.write(canonicalize(request));
    } catch (Reject | StackOverflowError e) {
      String why = e instanceof Reject ? e.getMessage() : "nested too deeply";
      out.write(('!' + why.replace('\n', ' ')).getBytes(StandardCharsets.UTF_8));
    }
    out.write('\n');
  }

  public static void main(String[] args) throws IOException {
    OutputStream out = new java.io.BufferedOutputStream(System.out, 1 << 16);
    if (args.length > 0 && args[0].equals("--lines")) {
      lines(System.in, out);
      return;
    }
    try {
      out.write(canonicalize(System.in.readAllBytes()));
      out.flush();
    } catch (Reject | StackOverflowError e) {
      System.err.println(e instanceof Reject ? e.getMessage() : "nested too deeply");
      System.exit(1);
    }
  }
}
