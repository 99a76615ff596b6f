package io.calibrisk.pipeline.report;

import java.util.List;
import java.util.Map;

/**
 * A minimal JSON writer with two-space indentation. Doubles are written in the shortest form
 * that reads back as the same double (integers without a fraction), so reports are exact.
 */
final class Json {
    private final StringBuilder out = new StringBuilder();

    /**
     * @param value a map (keys in order), list, string, number, boolean or null
     * @return the JSON text, ending with a newline
     */
    static String write(Object value) {
        Json json = new Json();
        json.value(value, 0);
        return json.out.append('\n').toString();
    }

    private void value(Object value, int indent) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String) {
            string((String) value);
        } else if (value instanceof Double || value instanceof Float) {
            out.append(number(((Number) value).doubleValue()));
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Map) {
            Map<?, ?> map = (Map<?, ?>) value;
            if (map.isEmpty()) {
                out.append("{}");
                return;
            }
            out.append("{\n");
            int i = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                pad(indent + 1);
                string(String.valueOf(e.getKey()));
                out.append(": ");
                value(e.getValue(), indent + 1);
                out.append(++i < map.size() ? ",\n" : "\n");
            }
            pad(indent);
            out.append('}');
        } else if (value instanceof List) {
            List<?> list = (List<?>) value;
            if (list.isEmpty()) {
                out.append("[]");
                return;
            }
            out.append("[\n");
            for (int i = 0; i < list.size(); i++) {
                pad(indent + 1);
                value(list.get(i), indent + 1);
                out.append(i + 1 < list.size() ? ",\n" : "\n");
            }
            pad(indent);
            out.append(']');
        } else {
            throw new IllegalArgumentException("cannot write " + value.getClass() + " as JSON");
        }
    }

    /**
     * @param v a double
     * @return its JSON text; non-finite values (never produced by the pipeline) become null
     */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "null";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    private void pad(int indent) {
        out.append("  ".repeat(indent));
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }
}
