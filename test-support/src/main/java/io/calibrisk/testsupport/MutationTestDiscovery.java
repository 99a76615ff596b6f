package io.calibrisk.testsupport;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

import java.lang.reflect.Method;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Lets PIT's mutation-testing JVMs find the tests without running them.
 *
 * <p>Why: the JUnit 5 plugin of PIT (pitest-junit5-plugin 1.2.3) finds a test class's tests by
 * executing the class, and each JVM that tests a batch of mutants first finds the tests of every
 * class that covers them. With one test class that covers most of a module (the kkr module's
 * bilinear-risk identity, 10 s under PIT), every such JVM spent about 30 s running tests whose
 * results it discards, before its first mutant. During that search only (PIT's test finder on
 * the stack of a mutation-testing JVM, never in the coverage run nor when a test runs against a
 * mutant), this interceptor skips the test methods' bodies; the tests still start and finish,
 * which is how the finder learns them. Anywhere else it lets every test run. Should a later PIT
 * rename the classes named here, it skips nothing and PIT is merely slower.
 *
 * <p>Registered through {@code META-INF/services/org.junit.jupiter.api.extension.Extension}, it
 * takes effect only where JUnit's extension autodetection is on: in PIT's JVMs of the modules
 * whose POM sets {@code calibrisk.pit.findWithoutRunning} (the parent POM's pitest configuration
 * passes it as {@code junit.jupiter.extensions.autodetection.enabled}).
 *
 * <p>Not every module can: a mutant is sometimes caught only because the finder's run, of the
 * unmutated code, filled state that the tests share (in {@code pipeline}, 2 of 27 mutants of
 * {@code FoldStatistics} and {@code Bootstrap} survive without that run), so a module turns this
 * on only once its sample scores the same either way ({@code estimators-kkr}: 406 mutants killed
 * both ways).
 */
public final class MutationTestDiscovery implements InvocationInterceptor {
    private static final String FINDER = "org.pitest.junit5.JUnit5TestUnitFinder";
    private static final String MUTATION_MINION = "org.pitest.mutationtest.execute.MutationTestMinion";

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
                                    ExtensionContext extension) throws Throwable {
        proceedUnlessFinding(invocation);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
                                            ExtensionContext extension) throws Throwable {
        proceedUnlessFinding(invocation);
    }

    private static void proceedUnlessFinding(Invocation<Void> invocation) throws Throwable {
        if (findingTestsForMutants()) {
            invocation.skip();
        } else {
            invocation.proceed();
        }
    }

    /** @return whether this thread is inside PIT's test finder, called by a mutation-testing JVM */
    static boolean findingTestsForMutants() {
        return StackWalker.getInstance().walk(frames -> findingTestsForMutants(
                frames.map(StackWalker.StackFrame::getClassName)));
    }

    /**
     * @param callers the classes of a thread's stack frames
     * @return whether both PIT's test finder and its mutation-testing JVM's main class are among
     *     them (the finder alone is the coverage run, which must run the tests)
     */
    static boolean findingTestsForMutants(Stream<String> callers) {
        Set<String> pit = callers.filter(name -> name.equals(FINDER) || name.equals(MUTATION_MINION))
                .collect(Collectors.toSet());
        return pit.size() == 2;
    }
}
