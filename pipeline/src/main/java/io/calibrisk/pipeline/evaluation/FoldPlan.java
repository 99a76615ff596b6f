package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.NotionComponents;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;

/**
 * Steps 1 and 2 of Algorithm 1 for one input: which samples train, evaluate and test in every
 * fold, with each component's points and targets built only when a task asks for them. Holding
 * every component of every fold at once would cost k·d copies of the data for class-wise
 * calibration of an ImageNet-size input.
 */
final class FoldPlan {
    /** Points of the grid over [0, 1] on which scalar notions' calibration curves are drawn. */
    static final int CURVE_POINTS = 201;

    private final Notion notion;
    private final Predictions predictions;
    private final Labels labels;
    private final int[][] training;
    private final int[][] evaluation;
    private final int[] test;
    /** Per sample, its fold, or the split's test marker. */
    private final int[] foldOfSample;
    private final Points curveGrid;

    private FoldPlan(Notion notion, Predictions predictions, Labels labels, Split split) {
        this.notion = notion;
        this.predictions = predictions;
        this.labels = labels;
        int k = split.folds();
        this.training = new int[k][];
        this.evaluation = new int[k][];
        for (int f = 0; f < k; f++) {
            training[f] = split.trainingIndices(f);
            evaluation[f] = split.foldIndices(f);
        }
        this.test = split.testIndices();
        this.foldOfSample = split.toArray();
        // A top-label confidence is the largest of d probabilities, so it is at least 1/d: a
        // curve below that would be extrapolation into values no prediction can take.
        double from = notion == Notion.TOP_LABEL ? 1.0 / predictions.classes() : 0;
        double[] z = new double[CURVE_POINTS];
        for (int i = 0; i < CURVE_POINTS; i++) {
            z[i] = from + (1 - from) * (i / (CURVE_POINTS - 1.0));
        }
        z[CURVE_POINTS - 1] = 1;
        // One instance per run: estimators that compute the features of many points at once
        // (kde) then reuse them for every point of a fold's search.
        this.curveGrid = Points.of(CURVE_POINTS, 1, z);
    }

    /**
     * Checks that the inputs fit together and splits them.
     *
     * @param notion      the notion
     * @param sampling    the shuffle or the user's split
     * @param predictions the predictions
     * @param labels      the labels, one per prediction
     * @return the folds
     * @throws InvalidInputException if the numbers of samples or classes disagree, or the data
     *     are too few for the folds
     */
    static FoldPlan of(Notion notion, EvaluationSettings.Sampling sampling, Predictions predictions,
                              Labels labels) {
        int n = predictions.size();
        if (labels.size() != n) {
            throw new InvalidInputException("labels: " + labels.size() + " labels for " + n
                    + " predictions; the numbers of samples must agree");
        }
        if (labels.classes() != predictions.classes()) {
            throw new InvalidInputException("labels: declared for " + labels.classes()
                    + " classes but the predictions have " + predictions.classes());
        }
        Split split = sampling.split() != null ? sampling.split()
                : Split.shuffled(n, sampling.folds(), sampling.testFraction(), sampling.seed());
        if (split.size() != n) {
            throw new InvalidInputException("split: " + split.size() + " entries for " + n
                    + " samples; the split needs one line per sample");
        }
        return new FoldPlan(notion, predictions, labels, split);
    }

    /** @return the notion */
    Notion notion() {
        return notion;
    }

    /** @return the predictions */
    Predictions predictions() {
        return predictions;
    }

    /** @return the labels */
    Labels labels() {
        return labels;
    }

    /** @return the number of samples n */
    int samples() {
        return predictions.size();
    }

    /** @return the number of classes d */
    int classes() {
        return predictions.classes();
    }

    /** @return the number of folds k */
    int folds() {
        return training.length;
    }

    /** @return the number of components of the notion: d for class-wise, 1 otherwise */
    int components() {
        return notion.componentCount(predictions.classes());
    }

    /** @return the dimension m of a point */
    int dimension() {
        return notion.dimension(predictions.classes());
    }

    /**
     * @param fold a fold
     * @return the size of its training set (the other folds)
     */
    int trainingSize(int fold) {
        return training[fold].length;
    }

    /** @return the largest training set */
    int largestTrainingSize() {
        return training[largestTrainingFold()].length;
    }

    /** @return the held-out fold whose training set is the largest, the first such */
    int largestTrainingFold() {
        int at = 0;
        for (int f = 1; f < training.length; f++) {
            if (training[f].length > training[at].length) {
                at = f;
            }
        }
        return at;
    }

    /** @return the size of the test split */
    int testSize() {
        return test.length;
    }

    /** @return the larger of the largest fold and the test split */
    int largestQuerySize() {
        int max = test.length;
        for (int[] rows : evaluation) {
            max = Math.max(max, rows.length);
        }
        return max;
    }

    /**
     * @param fold      the held-out fold
     * @param component the component
     * @return the training data: the other folds
     */
    CalibrationSet training(int fold, int component) {
        return NotionComponents.of(notion, component, predictions, labels, training[fold]);
    }

    /**
     * @param fold the held-out fold
     * @return for each sample of its training set, in order, the fold it comes from
     */
    int[] trainingFoldOf(int fold) {
        int[] rows = training[fold];
        int[] out = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[i] = foldOfSample[rows[i]];
        }
        return out;
    }

    /**
     * @param fold      the held-out fold
     * @param component the component
     * @return the fold's own samples, on which the risk is evaluated
     */
    CalibrationSet evaluation(int fold, int component) {
        return NotionComponents.of(notion, component, predictions, labels, evaluation[fold]);
    }

    /**
     * @param component the component
     * @return the test split, on which CE² is estimated
     */
    CalibrationSet test(int component) {
        return NotionComponents.of(notion, component, predictions, labels, test);
    }

    /**
     * @param test the test split of a component
     * @return where a calibration curve is evaluated: the test points for canonical
     *     calibration, {@value #CURVE_POINTS} equally spaced points of [1/d, 1] for top-label and
     *     of [0, 1] for class-wise calibration
     */
    Points curvePoints(CalibrationSet test) {
        return notion == Notion.CANONICAL ? test.points() : curveGrid;
    }

    /** @return the {@value #CURVE_POINTS} equally spaced points of scalar notions' curves: [1/d, 1] or [0, 1] */
    Points curveGrid() {
        return curveGrid;
    }
}
