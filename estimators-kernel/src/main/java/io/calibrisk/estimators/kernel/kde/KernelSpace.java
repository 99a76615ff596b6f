package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;

/**
 * Where the kernel lives, and how a notion's point becomes the kernel's coordinates: a canonical
 * point p is already on the simplex; a scalar z becomes {@code (z, 1 − z)}, so that the Beta
 * kernel is the Dirichlet kernel on two coordinates and one evaluation serves both.
 */
enum KernelSpace {
    /** Canonical points p on the simplex; coordinates = p; the Dirichlet kernel. */
    SIMPLEX,
    /** Scalar points z in [0, 1]; coordinates = (z, 1 − z); the Beta kernel. */
    UNIT_INTERVAL;

    static KernelSpace of(Notion notion) {
        return notion == Notion.CANONICAL ? SIMPLEX : UNIT_INTERVAL;
    }

    /**
     * @param dimension the dimension m of a notion's point
     * @return the number D of kernel coordinates
     */
    int coordinates(int dimension) {
        return this == SIMPLEX ? dimension : 2;
    }

    /**
     * @param points n points of dimension m, every value in [0, 1]
     * @param what   the points' role, for messages
     * @return the coordinates, n × D row-major
     * @throws InvalidInputException if a value is outside [0, 1]
     */
    double[] coordinates(Points points, String what) {
        int n = points.size();
        int m = points.dimension();
        double[] values = points.toArray();
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            if (!(v >= 0 && v <= 1)) {
                throw new InvalidInputException("kde " + what + ": row " + i / m + ", column " + i % m
                        + ": value " + v + " is outside [0, 1]");
            }
        }
        if (this == SIMPLEX) {
            return values;
        }
        double[] pairs = new double[2 * n];
        for (int i = 0; i < n; i++) {
            pairs[2 * i] = values[i];
            pairs[2 * i + 1] = 1.0 - values[i];
        }
        return pairs;
    }
}
