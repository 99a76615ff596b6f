package io.calibrisk.pipeline.plot;

/**
 * The few drawing primitives the diagram needs, in figure units (SVG user units; y grows
 * downwards). One layout drives both back ends, so the SVG and the PNG cannot drift apart.
 */
interface Canvas {

    /** Horizontal alignment of text relative to its anchor point. */
    enum Anchor {
        /** The text starts at the point. */
        START,
        /** The text is centred on the point. */
        MIDDLE,
        /** The text ends at the point. */
        END
    }

    /**
     * How a line is drawn.
     *
     * @param color   {@code #rrggbb}
     * @param width   the width in figure units
     * @param dash    dash and gap lengths, or null for a solid line
     * @param opacity in (0, 1]
     */
    record Pen(String color, double width, double[] dash, double opacity) {

        /**
         * @param color {@code #rrggbb}
         * @param width the width
         * @return a solid, opaque pen
         */
        static Pen solid(String color, double width) {
            return new Pen(color, width, null, 1);
        }

        /**
         * @param color {@code #rrggbb}
         * @param width the width
         * @param dash  dash and gap lengths
         * @return a dashed, opaque pen
         */
        static Pen dashed(String color, double width, double... dash) {
            return new Pen(color, width, dash, 1);
        }
    }

    /**
     * How text is set.
     *
     * @param size   the font size in figure units
     * @param color  {@code #rrggbb}
     * @param anchor the alignment
     * @param bold   whether bold
     * @param rotate the rotation in degrees about the anchor point (−90: reads upwards)
     */
    record Font(double size, String color, Anchor anchor, boolean bold, double rotate) {

        /**
         * @param size   the size
         * @param color  {@code #rrggbb}
         * @param anchor the alignment
         * @return an upright, regular font
         */
        static Font of(double size, String color, Anchor anchor) {
            return new Font(size, color, anchor, false, 0);
        }

        /** @return the same font in bold */
        Font inBold() {
            return new Font(size, color, anchor, true, rotate);
        }

        /**
         * @param value the alignment
         * @return the same font with another alignment
         */
        Font anchor(Anchor value) {
            return new Font(size, color, value, bold, rotate);
        }

        /** @return the same font, turned to read upwards */
        Font upwards() {
            return new Font(size, color, anchor, bold, -90);
        }
    }

    /**
     * @param x1  start x
     * @param y1  start y
     * @param x2  end x
     * @param y2  end y
     * @param pen the pen
     */
    void line(double x1, double y1, double x2, double y2, Pen pen);

    /**
     * @param xs  the x of each vertex
     * @param ys  the y of each vertex
     * @param pen the pen
     */
    void polyline(double[] xs, double[] ys, Pen pen);

    /**
     * A filled and/or outlined polygon (closed).
     *
     * @param xs      the x of each vertex
     * @param ys      the y of each vertex
     * @param fill    {@code #rrggbb}, or null for none
     * @param opacity the fill's opacity
     * @param pen     the outline, or null for none
     */
    void polygon(double[] xs, double[] ys, String fill, double opacity, Pen pen);

    /**
     * @param x       left
     * @param y       top
     * @param w       width
     * @param h       height
     * @param fill    {@code #rrggbb}, or null for none
     * @param opacity the fill's opacity
     * @param pen     the outline, or null for none
     */
    void rect(double x, double y, double w, double h, String fill, double opacity, Pen pen);

    /**
     * @param cx   centre x
     * @param cy   centre y
     * @param r    radius
     * @param fill {@code #rrggbb}, or null for none
     * @param pen  the outline, or null for none
     */
    void circle(double cx, double cy, double r, String fill, Pen pen);

    /**
     * @param x    the anchor's x
     * @param y    the baseline
     * @param text one line of text, unescaped
     * @param font the font
     */
    void text(double x, double y, String text, Font font);

    /**
     * Starts a named group; SVG keeps it so that a reader (or a test) can find each part,
     * and a browser shows the tooltip on hover. Other back ends ignore it.
     *
     * @param id      a unique id, or null
     * @param kind    a class name, or null
     * @param tooltip text shown on hover, or null
     */
    void begin(String id, String kind, String tooltip);

    /** Ends the innermost group. */
    void end();
}
