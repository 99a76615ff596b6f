package io.calibrisk.testsupport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON parser for tests that read reports: objects become ordered maps, arrays
 * lists, numbers doubles, and {@code null}, {@code true} and {@code false} themselves.
 */
public final class JsonReader {
    private final String text;
    private int at;

    private JsonReader(String text) {
        this.text = text;
    }

    /**
     * @param text JSON text
     * @return the parsed value
     * @throws IllegalArgumentException if the text is not valid JSON
     */
    public static Object parse(String text) {
        JsonReader reader = new JsonReader(text);
        Object value = reader.value();
        reader.space();
        if (reader.at != text.length()) {
            throw reader.error("trailing text");
        }
        return value;
    }

    /**
     * Follows a path of keys (for objects) and indices (for arrays).
     *
     * @param root the parsed value
     * @param path keys and indices
     * @return the value at the path
     */
    @SuppressWarnings("unchecked")
    public static Object at(Object root, Object... path) {
        Object current = root;
        for (Object step : path) {
            if (step instanceof Integer) {
                current = ((List<Object>) current).get((Integer) step);
            } else {
                Map<String, Object> map = (Map<String, Object>) current;
                if (!map.containsKey(step)) {
                    throw new IllegalArgumentException("no key '" + step + "' in " + map.keySet());
                }
                current = map.get(step);
            }
        }
        return current;
    }

    private Object value() {
        space();
        if (at >= text.length()) {
            throw error("unexpected end");
        }
        char c = text.charAt(at);
        if (c == '{') {
            at++;
            Map<String, Object> map = new LinkedHashMap<>();
            space();
            if (peek('}')) {
                return map;
            }
            do {
                space();
                String key = string();
                space();
                expect(':');
                map.put(key, value());
                space();
            } while (accept(','));
            expect('}');
            return map;
        }
        if (c == '[') {
            at++;
            List<Object> list = new ArrayList<>();
            space();
            if (peek(']')) {
                return list;
            }
            do {
                list.add(value());
                space();
            } while (accept(','));
            expect(']');
            return list;
        }
        if (c == '"') {
            return string();
        }
        for (String word : new String[] {"null", "true", "false"}) {
            if (text.startsWith(word, at)) {
                at += word.length();
                return "null".equals(word) ? null : Boolean.valueOf(word);
            }
        }
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        try {
            return Double.parseDouble(text.substring(start, at));
        } catch (NumberFormatException e) {
            throw error("bad number");
        }
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (at < text.length() && text.charAt(at) != '"') {
            char c = text.charAt(at++);
            if (c == '\\') {
                char e = text.charAt(at++);
                switch (e) {
                    case 'n': sb.append('\n'); break;
                    case 't': sb.append('\t'); break;
                    case 'r': sb.append('\r'); break;
                    case 'u': sb.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; break;
                    default: sb.append(e);
                }
            } else {
                sb.append(c);
            }
        }
        expect('"');
        return sb.toString();
    }

    private void space() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private boolean peek(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private boolean accept(char c) {
        return peek(c);
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("expected '" + c + "'");
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at offset " + at + ": "
                + text.substring(Math.max(0, at - 20), Math.min(text.length(), at + 20)));
    }
}
