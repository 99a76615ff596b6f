package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Consumer;


/** The plugin kit passes a listed, well-formed plugin and fails broken ones, saying what failed. */
class PluginConformanceSelfTest {

    /** Listed in this module's test resources, META-INF/services/io.calibrisk.api.CalibriskPlugin. */
    public static class ListedPlugin implements CalibriskPlugin {
        @Override
        public String name() {
            return "toy-plugin";
        }

        @Override
        public String version() {
            return "1.0.0";
        }

        @Override
        public String spiVersion() {
            return SPI_VERSION;
        }

        @Override
        public List<EstimatorProvider> estimators() {
            return List.of(new ToyEstimator());
        }
    }

    /** Not listed in any service file. */
    public static class UnlistedPlugin extends ListedPlugin {
    }

    private static PluginConformance kit(CalibriskPlugin plugin) {
        return new PluginConformance() {
            @Override
            protected CalibriskPlugin plugin() {
                return plugin;
            }
        };
    }

    private static void fails(CalibriskPlugin plugin, Consumer<PluginConformance> check, String... expected) {
        PluginConformance kit = kit(plugin);
        KitFailures.assertFails(() -> check.accept(kit), expected);
    }

    @Test
    void aListedWellFormedPluginPasses() {
        PluginConformance kit = kit(new ListedPlugin());
        kit.isDiscoverable();
        kit.statesNameAndVersions();
        kit.contributionsAreNamedAndDescribed();
    }

    @Test
    void anUnlistedPluginFails() {
        fails(new UnlistedPlugin(), PluginConformance::isDiscoverable, "is not listed in META-INF/services/io.calibrisk.api.CalibriskPlugin");
    }

    @Test
    void anIncompatibleSpiVersionFails() {
        fails(new ListedPlugin() {
            @Override
            public String spiVersion() {
                return "0.9";
            }
        }, PluginConformance::statesNameAndVersions, "states SPI version 0.9");
        fails(new ListedPlugin() {
            @Override
            public String spiVersion() {
                return "one";
            }
        }, PluginConformance::statesNameAndVersions, "must be MAJOR.MINOR");
    }

    @Test
    void aPluginThatContributesNothingOrTwiceTheSameNameFails() {
        fails(new ListedPlugin() {
            @Override
            public List<EstimatorProvider> estimators() {
                return List.of();
            }
        }, PluginConformance::contributionsAreNamedAndDescribed, "contributes no estimator");
        fails(new ListedPlugin() {
            @Override
            public List<EstimatorProvider> estimators() {
                return List.of(new ToyEstimator(), new ToyEstimator());
            }
        }, PluginConformance::contributionsAreNamedAndDescribed, "two estimators named toy");
    }
}
