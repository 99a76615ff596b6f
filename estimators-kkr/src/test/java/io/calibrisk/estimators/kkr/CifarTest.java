package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.testsupport.Samples;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** On real predictions (cifar10-vgg16, shared data; skipped when absent). */
class CifarTest {

    /**
     * Fast against exact on a subsample of the real predictions (the exact mode is O(n³)): 1e−6
     * at grid points ten times inside the stability threshold, 1e−5 next to it (at n = 800,
     * canonical c = 1e−8 sits just inside the threshold and the modes differ by 3e−6).
     */
    @Tag("slow")
    @Test
    void fastAgreesWithExactOnRealPredictions() {
        Samples data = CifarData.load().slice(0, 1400);
        for (Notion notion : new Notion[] {Notion.TOP_LABEL, Notion.CANONICAL}) {
            CalibrationSet all = data.component(notion);
            CalibrationSet train = all.select(IntStream.range(0, 800).toArray());
            CalibrationSet evaluation = all.select(IntStream.range(800, 1100).toArray());
            CalibrationSet test = all.select(IntStream.range(1100, 1400).toArray());
            for (EstimatorProvider provider : new EstimatorProvider[] {new KroneckerKrr(), new TwoStepKrr()}) {
                FastVersusExactTest.assertAgree(provider, notion, train, evaluation, test, Map.of(), 1e-5);
            }
        }
        assertEquals(10, data.classes());
    }
}
