/**
 * Files in and out, for the command line and for any application that embeds calibrisk:
 * {@link io.calibrisk.pipeline.io.InputFiles} reads and checks predictions and labels
 * ({@code .npy}, {@code .npz}, CSV, standard input) and split files;
 * {@link io.calibrisk.pipeline.io.ModelFiles} finds the models of a comparison in files and folders;
 * {@link io.calibrisk.pipeline.io.OutputFiles} writes a file whole or not at all. Reports are
 * written by {@link io.calibrisk.pipeline.report.ReportFormat}, diagrams by
 * {@link io.calibrisk.pipeline.plot.ReliabilityDiagram}.
 */
package io.calibrisk.pipeline.io;
