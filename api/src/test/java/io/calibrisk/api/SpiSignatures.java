package io.calibrisk.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The public signatures of the SPI, derived by reflection from the compiled classes of every
 * package {@code module-info} exports: one line per type (its kind, modifiers, supertypes and
 * permitted subtypes), per record component, per enum constant, per public or protected field
 * (with the value of a constant), constructor and method (modifiers including {@code default},
 * type parameters, generic parameter and return types). Nested public types count as types.
 * Lines are sorted, so the list is stable and a difference reads as added and removed lines.
 *
 * <p>The value of {@link CalibriskPlugin#SPI_VERSION} itself is left out: it is the key of the
 * list, and changes with every version.
 */
final class SpiSignatures {
    private static final int VISIBLE = Modifier.PUBLIC | Modifier.PROTECTED;
    private static final int SHOWN = VISIBLE | Modifier.STATIC | Modifier.FINAL | Modifier.ABSTRACT;

    private SpiSignatures() {
    }

    /**
     * @return the signature lines of the SPI on the class path, sorted
     */
    static List<String> derive() {
        Path classes = classesRoot();
        Set<String> lines = new TreeSet<>();
        for (String pkg : exportedPackages(classes)) {
            for (Class<?> type : typesIn(classes, pkg)) {
                describe(type, lines);
            }
        }
        // nested types read as in source, Outer.Inner, not by their binary names Outer$Inner
        return lines.stream().map(l -> l.replace('$', '.')).sorted().collect(Collectors.toList());
    }

    private static Path classesRoot() {
        try {
            return Path.of(CalibriskPlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> exportedPackages(Path classes) {
        try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
            return ModuleDescriptor.read(in).exports().stream().filter(e -> !e.isQualified())
                    .map(ModuleDescriptor.Exports::source).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the api's module-info.class in " + classes, e);
        }
    }

    /** Top-level and nested classes of one package, public or not (visibility is decided later). */
    private static List<Class<?>> typesIn(Path classes, String pkg) {
        Path dir = classes.resolve(pkg.replace('.', '/'));
        List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().collect(Collectors.toList())) {
                String simple = file.getFileName().toString().replaceAll("\\.class$", "");
                if (simple.equals("package-info")) {
                    continue;
                }
                Class<?> type = Class.forName(pkg + "." + simple, false, SpiSignatures.class.getClassLoader());
                if (!type.isAnonymousClass() && !type.isLocalClass() && !type.isSynthetic()) {
                    out.add(type);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** Whether a type is part of the SPI: visible itself and through every enclosing type. */
    private static boolean exposed(Class<?> type) {
        for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
            if ((t.getModifiers() & VISIBLE) == 0) {
                return false;
            }
        }
        return true;
    }

    private static void describe(Class<?> type, Set<String> lines) {
        if (!exposed(type)) {
            return;
        }
        String name = type.getName();
        lines.add("type " + name + ": " + kind(type) + supertypes(type));
        if (type.isRecord()) {
            for (RecordComponent c : type.getRecordComponents()) {
                lines.add("component " + name + "." + c.getName() + ": " + c.getGenericType().getTypeName());
            }
        }
        if (type.isEnum()) {
            for (Object constant : type.getEnumConstants()) {
                lines.add("enum constant " + name + "." + ((Enum<?>) constant).name());
            }
        }
        for (Field f : type.getDeclaredFields()) {
            if ((f.getModifiers() & VISIBLE) != 0 && !f.isSynthetic() && !f.isEnumConstant()) {
                lines.add("field " + name + "." + f.getName() + ": " + modifiers(f.getModifiers()) + " "
                        + f.getGenericType().getTypeName() + constantValue(f));
            }
        }
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if ((c.getModifiers() & VISIBLE) != 0 && !c.isSynthetic()) {
                lines.add("constructor " + name + parameters(c.getGenericParameterTypes(), c.isVarArgs()) + ": " + modifiers(c.getModifiers()));
            }
        }
        for (Method m : type.getDeclaredMethods()) {
            if ((m.getModifiers() & VISIBLE) != 0 && !m.isSynthetic() && !m.isBridge()) {
                lines.add("method " + name + "." + m.getName() + parameters(m.getGenericParameterTypes(), m.isVarArgs()) + ": "
                        + modifiers(m.getModifiers()) + (m.isDefault() ? " default" : "") + typeParameters(m.getTypeParameters())
                        + " " + m.getGenericReturnType().getTypeName());
            }
        }
    }

    private static String kind(Class<?> type) {
        String kind = type.isAnnotation() ? "annotation" : type.isInterface() ? "interface" : type.isEnum() ? "enum"
                : type.isRecord() ? "record" : "class";
        int modifiers = type.getModifiers() & SHOWN;
        if (type.isInterface()) {
            modifiers &= ~Modifier.ABSTRACT;
        }
        if (type.isEnum() || type.isRecord()) {
            modifiers &= ~Modifier.FINAL;
        }
        String shown = Modifier.toString(modifiers);
        return (shown.isEmpty() ? "" : shown + " ") + (type.isSealed() ? "sealed " : "") + kind
                + typeParameters(type.getTypeParameters());
    }

    private static String supertypes(Class<?> type) {
        StringBuilder sb = new StringBuilder();
        Type superclass = type.getGenericSuperclass();
        if (superclass != null && superclass != Object.class && superclass != Record.class && !type.isEnum()) {
            sb.append(" extends ").append(superclass.getTypeName());
        }
        Type[] interfaces = type.getGenericInterfaces();
        if (interfaces.length > 0) {
            sb.append(type.isInterface() ? " extends " : " implements ")
                    .append(Arrays.stream(interfaces).map(Type::getTypeName).collect(Collectors.joining(", ")));
        }
        if (type.isSealed()) {
            sb.append(" permits ").append(Arrays.stream(type.getPermittedSubclasses())
                    .map(Class::getName).sorted().collect(Collectors.joining(", ")));
        }
        return sb.toString();
    }

    private static String modifiers(int modifiers) {
        return Modifier.toString(modifiers & SHOWN);
    }

    private static String parameters(Type[] types, boolean varArgs) {
        String list = Arrays.stream(types).map(Type::getTypeName).collect(Collectors.joining(", ", "(", ")"));
        return varArgs ? list.substring(0, list.length() - 3) + "...)" : list;
    }

    private static String typeParameters(TypeVariable<?>[] variables) {
        if (variables.length == 0) {
            return "";
        }
        return Arrays.stream(variables).map(v -> v.getName() + (v.getBounds().length == 1 && v.getBounds()[0] == Object.class
                ? "" : " extends " + Arrays.stream(v.getBounds()).map(Type::getTypeName).collect(Collectors.joining(" & "))))
                .collect(Collectors.joining(", ", " <", ">"));
    }

    private static String constantValue(Field f) {
        int constant = Modifier.STATIC | Modifier.FINAL;
        if ((f.getModifiers() & constant) != constant || !(f.getType().isPrimitive() || f.getType() == String.class)) {
            return "";
        }
        if (f.getDeclaringClass() == CalibriskPlugin.class && f.getName().equals("SPI_VERSION")) {
            return " = (this list's version)";
        }
        try {
            Object value = f.get(null);
            return " = " + (value instanceof String ? "\"" + value + "\"" : value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
