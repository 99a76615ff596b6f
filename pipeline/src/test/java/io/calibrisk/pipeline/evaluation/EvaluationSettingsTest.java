package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.Notion;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The builder chains, as the facade and embedding programs use it, and every value arrives where the run reads it. */
class EvaluationSettingsTest {

    @Test
    void everyBuilderStepChainsAndArrives() {
        EvaluationSettings settings = EvaluationSettings.builder(Notion.TOP_LABEL)
                .notion(Notion.CANONICAL)
                .estimators(List.of("kde", "kkr"))
                .search("refine")
                .split(null)
                .folds(4)
                .testFraction(0.25)
                .seed(17)
                .bootstrap(250)
                .level(0.9)
                .curves(true)
                .build();
        assertEquals(Notion.CANONICAL, settings.notion());
        assertEquals(List.of("kde", "kkr"), settings.estimators());
        assertEquals("refine", settings.search());
        assertNull(settings.sampling().split());
        assertEquals(4, settings.sampling().folds());
        assertEquals(0.25, settings.sampling().testFraction());
        assertEquals(17, settings.sampling().seed());
        assertEquals(250, settings.interval().resamples());
        assertEquals(0.9, settings.interval().level());
        assertTrue(settings.curves());
    }
}
