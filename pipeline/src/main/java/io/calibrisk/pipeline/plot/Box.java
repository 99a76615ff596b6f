package io.calibrisk.pipeline.plot;

/**
 * A rectangle of the figure.
 *
 * @param x left
 * @param y top
 * @param w width
 * @param h height
 */
record Box(double x, double y, double w, double h) {

    /** @return the right edge */
    double right() {
        return x + w;
    }

    /** @return the bottom edge */
    double bottom() {
        return y + h;
    }
}
