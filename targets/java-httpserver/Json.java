// The java-httpserver zoo target's JSON: a minimal reader for the seed file and a writer for the few shapes it
// answers with. No library (the JDK has none): numbers are kept as their text, so no id passes through a double.
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class Json {
  private final String text;
  private int pos;

  private Json(String text) {
    this.text = text;
  }

  /** Objects become LinkedHashMap, arrays ArrayList, numbers their literal text (String), plus String, Boolean, null. */
  static Object parse(String text) {
    Json p = new Json(text);
    Object value = p.value();
    p.space();
    if (p.pos != text.length()) throw p.error("trailing text");
    return value;
  }

  private Object value() {
    space();
    if (pos >= text.length()) throw error("unexpected end");
    char c = text.charAt(pos);
    switch (c) {
      case '{': return object();
      case '[': return array();
      case '"': return string();
      case 't': return literal("true", Boolean.TRUE);
      case 'f': return literal("false", Boolean.FALSE);
      case 'n': return literal("null", null);
      default: return number();
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> out = new LinkedHashMap<>();
    pos++;
    space();
    if (peek('}')) return out;
    do {
      space();
      String key = string();
      space();
      expect(':');
      out.put(key, value());
      space();
    } while (next(','));
    expect('}');
    return out;
  }

  private List<Object> array() {
    List<Object> out = new ArrayList<>();
    pos++;
    space();
    if (peek(']')) return out;
    do {
      out.add(value());
      space();
    } while (next(','));
    expect(']');
    return out;
  }

  private String string() {
    expect('"');
    StringBuilder sb = new StringBuilder();
    while (true) {
      if (pos >= text.length()) throw error("unterminated string");
      char c = text.charAt(pos++);
      if (c == '"') return sb.toString();
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char e = text.charAt(pos++);
      switch (e) {
        case 'b': sb.append('\b'); break;
        case 'f': sb.append('\f'); break;
        case 'n': sb.append('\n'); break;
        case 'r': sb.append('\r'); break;
        case 't': sb.append('\t'); break;
        case 'u':
          sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
          pos += 4;
          break;
        default: sb.append(e);
      }
    }
  }

  private String number() {
    int start = pos;
    while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) pos++;
    if (start == pos) throw error("unexpected character");
    return text.substring(start, pos);
  }

  private Object literal(String word, Object value) {
    if (!text.startsWith(word, pos)) throw error("unexpected literal");
    pos += word.length();
    return value;
  }

  private void space() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) pos++;
  }

  private boolean peek(char c) {
    if (pos < text.length() && text.charAt(pos) == c) {
      pos++;
      return true;
    }
    return false;
  }

  private boolean next(char c) {
    return peek(c);
  }

  private void expect(char c) {
    if (!peek(c)) throw error("expected '" + c + "'");
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("seed JSON: " + what + " at offset " + pos);
  }

  /** A JSON string literal, escaped as RFC 8259 §7 requires. */
  static String quote(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') sb.append('\\').append(c);
      else if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
      else sb.append(c);
    }
    return sb.append('"').toString();
  }

  /** The Error object of spec §2. */
  static String error(int status, String code, String message) {
    return "{\"code\":" + quote(code) + ",\"message\":" + quote(message) + ",\"status\":" + status + "}";
  }
}
