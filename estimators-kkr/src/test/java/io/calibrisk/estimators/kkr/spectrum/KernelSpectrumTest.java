package io.calibrisk.estimators.kkr.spectrum;

import io.calibrisk.api.InvalidSettingException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A spectrum's shapes must agree: r eigenvalues, r × m weights, r scales, r rows of the map, r at least 1. */
class KernelSpectrumTest {

    private static FeatureBasis basis(int r) {
        return new FeatureBasis() {
            @Override
            public int rawSize() {
                return 2;
            }

            @Override
            public double[] raw(double[][] points) {
                return new double[2 * points.length];
            }

            @Override
            public double[][] map() {
                return new double[r][2];
            }
        };
    }

    private static KernelSpectrum spectrum(int values, int weights, int scales, int mapRows) {
        return new KernelSpectrum(10, 2, new double[values], new double[weights], new double[scales], basis(mapRows),
                1, 0, false);
    }

    @Test
    void shapesMustAgree() {
        assertEquals(3, spectrum(3, 6, 3, 3).rank());
        assertEquals("kernel spectrum = 3: shapes disagree",
                assertThrows(InvalidSettingException.class, () -> spectrum(3, 5, 3, 3)).getMessage());
        assertThrows(InvalidSettingException.class, () -> spectrum(3, 6, 2, 3));
        assertThrows(InvalidSettingException.class, () -> spectrum(3, 6, 3, 4));
        assertThrows(InvalidSettingException.class, () -> spectrum(0, 0, 0, 0));
    }
}
