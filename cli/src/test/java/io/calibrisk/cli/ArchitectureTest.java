package io.calibrisk.cli;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keeps the module graph as drawn in the README's layout: every estimator module and the
 * pipeline depend on {@code api} (and {@code test-support} in tests) and on nothing else of
 * ours; {@code cli} depends on {@code pipeline} and {@code api}, with the built-in estimator
 * plugins only at run time; {@code test-support} depends on {@code api} only; the examples
 * depend on {@code api} (provided) and {@code test-support} (tests). Checked twice: the arrows
 * declared in every POM, and the {@code io.calibrisk} packages every source file imports.
 */
class ArchitectureTest {
    private static final String GROUP = "io.calibrisk";
    private static final String PREFIX = "calibrisk-";

    /** Module → the modules of ours it may depend on, by scope ("main" = compile, provided or runtime). */
    private record Allowed(Set<String> main, Set<String> runtimeOnly, Set<String> test) {
    }

    private static final Set<String> ESTIMATORS = Set.of("estimators-binning", "estimators-kernel", "estimators-kkr");

    private static final Map<String, Allowed> ARROWS = Map.of(
            "api", new Allowed(Set.of(), Set.of(), Set.of()),
            "test-support", new Allowed(Set.of("api"), Set.of(), Set.of()),
            "estimators-binning", new Allowed(Set.of("api"), Set.of(), Set.of("test-support")),
            "estimators-kernel", new Allowed(Set.of("api"), Set.of(), Set.of("test-support")),
            "estimators-kkr", new Allowed(Set.of("api"), Set.of(), Set.of("test-support")),
            "pipeline", new Allowed(Set.of("api"), Set.of(), Set.of("test-support")),
            "cli", new Allowed(Set.of("api", "pipeline"), ESTIMATORS, Set.of("test-support")));

    /** Java package prefix → the module that owns it. */
    private static final Map<String, String> PACKAGES = Map.of(
            "io.calibrisk.api", "api",
            "io.calibrisk.testsupport", "test-support",
            "io.calibrisk.estimators.binning", "estimators-binning",
            "io.calibrisk.estimators.kernel", "estimators-kernel",
            "io.calibrisk.estimators.kkr", "estimators-kkr",
            "io.calibrisk.pipeline", "pipeline",
            "io.calibrisk.cli", "cli");

    private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?(io\\.calibrisk\\.[\\w.]+)",
            Pattern.MULTILINE);

    @Test
    void everyModuleOfTheReactorIsDrawn() throws Exception {
        Set<String> modules = new TreeSet<>();
        for (Element module : children(pom(root().resolve("pom.xml")).getDocumentElement(), "modules", "module")) {
            modules.add(module.getTextContent().strip());
        }
        assertEquals(new TreeSet<>(ARROWS.keySet()), modules, "the reactor's modules and the drawn graph differ");
    }

    @Test
    void pomsDeclareOnlyTheDrawnArrows() throws Exception {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, Allowed> module : ARROWS.entrySet()) {
            Allowed allowed = module.getValue();
            for (Element dependency : dependencies(root().resolve(module.getKey()).resolve("pom.xml"))) {
                String target = ours(dependency);
                if (target == null) {
                    continue;
                }
                String scope = text(dependency, "scope", "compile");
                boolean ok = switch (scope) {
                    case "test" -> allowed.test().contains(target) || allowed.main().contains(target);
                    case "runtime" -> allowed.runtimeOnly().contains(target) || allowed.main().contains(target);
                    default -> allowed.main().contains(target);
                };
                if (!ok) {
                    problems.add(module.getKey() + " -> " + target + " (" + scope + ")");
                }
            }
        }
        assertTrue(problems.isEmpty(), "arrows that are not drawn: " + problems);
    }

    @Test
    void examplesDependOnTheApiAndTheKitOnly() throws Exception {
        List<String> problems = new ArrayList<>();
        int examples = 0;
        try (Stream<Path> folders = Files.list(root().resolve("examples"))) {
            for (Path folder : (Iterable<Path>) folders.sorted()::iterator) {
                Path pom = folder.resolve("pom.xml");
                if (!Files.isRegularFile(pom)) {
                    continue;
                }
                examples++;
                for (Element dependency : dependencies(pom)) {
                    String target = ours(dependency);
                    String scope = text(dependency, "scope", "compile");
                    if (target != null && !(target.equals("api") && scope.equals("provided"))
                            && !(target.equals("test-support") && scope.equals("test"))) {
                        problems.add(folder.getFileName() + " -> " + target + " (" + scope + ")");
                    }
                }
            }
        }
        assertTrue(examples >= 3, "expected the three example plugins, found " + examples);
        assertTrue(problems.isEmpty(), "example arrows that are not drawn: " + problems);
    }

    @Test
    void sourcesImportOnlyWhatTheirModuleMayUse() throws IOException {
        List<String> problems = new ArrayList<>();
        int files = 0;
        for (Map.Entry<String, Allowed> module : ARROWS.entrySet()) {
            String name = module.getKey();
            Allowed allowed = module.getValue();
            for (String part : List.of("main", "test")) {
                Set<String> permitted = new TreeSet<>(allowed.main());
                permitted.add(name);
                if (part.equals("test")) {
                    permitted.addAll(allowed.test());
                }
                Path sources = root().resolve(name).resolve("src").resolve(part).resolve("java");
                if (!Files.isDirectory(sources)) {
                    continue;
                }
                try (Stream<Path> walk = Files.walk(sources)) {
                    for (Path file : (Iterable<Path>) walk.filter(p -> p.toString().endsWith(".java")).sorted()::iterator) {
                        files++;
                        Matcher m = IMPORT.matcher(Files.readString(file));
                        while (m.find()) {
                            String owner = owner(m.group(1));
                            if (owner != null && !permitted.contains(owner)) {
                                problems.add(root().relativize(file) + " imports " + m.group(1));
                            }
                        }
                    }
                }
            }
        }
        assertTrue(files > 100, "expected the project's sources, read " + files + " files under " + root());
        assertTrue(problems.isEmpty(), "imports across undrawn arrows: " + problems);
    }

    private static String owner(String imported) {
        String best = null;
        for (String prefix : PACKAGES.keySet()) {
            if ((imported.equals(prefix) || imported.startsWith(prefix + ".")) && (best == null || prefix.length() > best.length())) {
                best = prefix;
            }
        }
        return best == null ? null : PACKAGES.get(best);
    }

    /** @return the module a dependency of ours points to, or null for a third-party dependency */
    private static String ours(Element dependency) {
        String artifact = text(dependency, "artifactId", "");
        if (!GROUP.equals(text(dependency, "groupId", "")) || !artifact.startsWith(PREFIX)) {
            return null;
        }
        return artifact.substring(PREFIX.length());
    }

    private static List<Element> dependencies(Path pom) throws Exception {
        return children(pom(pom).getDocumentElement(), "dependencies", "dependency");
    }

    /** The direct {@code <wrapper><item>} children of the project element (not those of profiles or dependencyManagement). */
    private static List<Element> children(Element project, String wrapper, String item) {
        List<Element> out = new ArrayList<>();
        for (Node node = project.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element && ((Element) node).getTagName().equals(wrapper)) {
                NodeList items = ((Element) node).getElementsByTagName(item);
                for (int i = 0; i < items.getLength(); i++) {
                    out.add((Element) items.item(i));
                }
            }
        }
        return out;
    }

    private static String text(Element parent, String tag, String otherwise) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? otherwise : nodes.item(0).getTextContent().strip();
    }

    private static Document pom(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(file.toFile());
    }

    /** The reactor's root: the nearest folder above the working directory whose pom.xml lists modules. */
    private static Path root() throws IOException {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path pom = dir.resolve("pom.xml");
            if (Files.isRegularFile(pom) && Files.readString(pom).contains("<module>cli</module>")) {
                return dir;
            }
        }
        throw new IOException("no calibrisk reactor pom.xml above " + Path.of("").toAbsolutePath());
    }
}
