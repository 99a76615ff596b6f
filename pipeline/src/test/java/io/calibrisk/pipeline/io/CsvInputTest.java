package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CSV input as spreadsheets and pandas write it: quoted fields, a header, CRLF, a byte-order mark. */
class CsvInputTest {
    private static final double[] PROBABILITIES = {0.2, 0.3, 0.5, 0.6, 0.3, 0.1, 0.1, 0.8, 0.1, 0.25, 0.25, 0.5};
    private static final int[] LABELS = {2, 0, 1, 2};
    private static final String PLAIN = "0.2,0.3,0.5,2\n0.6,0.3,0.1,0\n0.1,0.8,0.1,1\n0.25,0.25,0.5,2\n";

    @TempDir
    Path folder;

    private static LabelledPredictions read(String text) {
        return InputFiles.readCsv(new StringReader(text), "in.csv", Scores.PROBABILITIES);
    }

    private static void assertTheFourSamples(LabelledPredictions read) {
        assertArrayEquals(PROBABILITIES, read.predictions().points().toArray());
        assertArrayEquals(LABELS, read.labels().toArray());
        assertEquals(3, read.predictions().classes());
    }

    private static String message(String text) {
        return assertThrows(InvalidInputException.class, () -> read(text)).getMessage();
    }

    @Test
    void plainRowsAreTheDClassColumnsThenTheLabel() {
        assertTheFourSamples(read(PLAIN));
    }

    @Test
    void quotedFieldsReadAsTheirContents() {
        // A header name with a comma inside quotes is one column, not two.
        assertTheFourSamples(read("\"p(cat, big)\",\"dog \"\"d\"\"\",bird,label\n"
                + "\"0.2\",\"0.3\",0.5,\"2\"\n0.6,\"0.3\",0.1,0\n\" 0.1 \",0.8,0.1,1\n0.25,0.25,\"0.5\",2\n"));
    }

    @Test
    void aHeaderIsOptionalAndRecognisedByItsWords() {
        assertTheFourSamples(read("cat,dog,bird,label\n" + PLAIN));
        String twice = message("cat,dog,cat,label\n" + PLAIN);
        assertTrue(twice.contains("in.csv: line 1: header names column 'cat' twice"), twice);
    }

    @Test
    void crlfAndMixedLineEnds() {
        assertTheFourSamples(read(PLAIN.replace("\n", "\r\n")));
        assertTheFourSamples(read("cat,dog,bird,label\r\n0.2,0.3,0.5,2\n0.6,0.3,0.1,0\r\n0.1,0.8,0.1,1\n0.25,0.25,0.5,2"));
    }

    @Test
    void aByteOrderMarkIsSkipped() throws IOException {
        // Without skipping it, "\uFEFF0.2" would not be a number: the first row would pass for a header and be lost.
        assertTheFourSamples(read("\uFEFF" + PLAIN));
        assertTheFourSamples(read("\uFEFFcat,dog,bird,label\r\n" + PLAIN));
        Path file = Files.write(folder.resolve("excel.csv"), ("\uFEFF" + PLAIN).getBytes(StandardCharsets.UTF_8));
        assertTheFourSamples(InputFiles.readCsv(file, Scores.PROBABILITIES));
        assertTheFourSamples(InputFiles.read(file, Scores.PROBABILITIES));
    }

    @Test
    void blankLinesAreSkippedAndLinesStillCounted() {
        assertTheFourSamples(read("\n  \ncat,dog,bird,label\n\n" + PLAIN.replace("2\n0.6", "2\n\n0.6")));
        String m = message("cat,dog,bird,label\n\n0.2,0.3,0.5,2\n\n0.6,0.3,0.1\n");
        assertTrue(m.contains("in.csv: line 5 has 3 fields but the first line has 4"), m);
    }

    @Test
    void errorsNameTheLineWhereTheRecordStarts() {
        // The quoted header spans lines 1 and 2, so the bad record is on line 4.
        String m = message("\"cat\nfamily\",dog,bird,label\n0.2,0.3,0.5,2\n0.6,x,0.1,0\n");
        assertTrue(m.contains("in.csv: line 4, field 2: 'x' is not a number"), m);
        String open = message(PLAIN + "0.3,\"0.3,0.4,1\n");
        assertTrue(open.contains("in.csv: line 5: malformed CSV: a quoted field is never closed"), open);
        String after = message("0.2,\"0.3\"x,0.5,2\n");
        assertTrue(after.contains("in.csv: line 1: malformed CSV: text after the closing quote of a field"), after);
        String empty = message("0.2,0.3,0.5,2\n0.2,,0.5,2\n");
        assertTrue(empty.contains("in.csv: line 2, field 2 is empty"), empty);
        String nan = message("0.2,NaN,0.5,2\n");
        assertTrue(nan.contains("in.csv: line 1, field 2: NaN is not a finite number"), nan);
        String label = message("0.2,0.3,0.5,2.5\n");
        assertTrue(label.contains("in.csv: line 1: label 2.5 is not an integer"), label);
    }

    @Test
    void emptyInputAndTooFewColumns() {
        assertTrue(message("").contains("in.csv: no samples"));
        assertTrue(message("cat,dog,label\n").contains("in.csv: no samples"));
        String narrow = message("0.5,1\n0.5,0\n");
        assertTrue(narrow.contains("in.csv: 2 column(s)"), narrow);
    }

    @Test
    void logitsGoThroughASoftmax() {
        LabelledPredictions read = InputFiles.readCsv(new StringReader("0,0,0,1\n1000,1000,-1000,0\n"), "in.csv",
                Scores.LOGITS);
        assertArrayEquals(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0, 0.5, 0.5, 0}, read.predictions().points().toArray(),
                1e-15);
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = folder.resolve("missing.csv");
        String m = assertThrows(InvalidInputException.class, () -> InputFiles.readCsv(missing, Scores.PROBABILITIES))
                .getMessage();
        assertEquals(missing + ": cannot read: no such file", m);
    }
}
