package dev.signaltty.web;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless chromium driven by Debian's chromedriver, both found on PATH and named explicitly,
 * so Selenium Manager never runs (and never downloads a browser or driver). Background networking is
 * off: the closed network must not be hammered. A fresh profile per browser, deleted on close.
 */
public final class Browser implements AutoCloseable {

    static final Duration DEADLINE = Duration.ofSeconds(90);

    public final ChromeDriver driver;
    private final Path profile;

    public Browser(int width, int height) throws IOException {
        this(width, height, null);
    }

    /** {@code mapHost}: a name chromium resolves to 127.0.0.1 (to send a foreign Host or Origin). */
    Browser(int width, int height, String mapHost, String... extraArguments) throws IOException {
        profile = Files.createTempDirectory("signaltty-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(onPath("chromium").toString());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=" + width + "," + height);
        options.addArguments(extraArguments);
        if (mapHost != null) {
            options.addArguments("--host-resolver-rules=MAP " + mapHost + " 127.0.0.1");
        }
        File driverBinary = onPath("chromedriver").toFile();
        System.setProperty(ChromeDriverService.CHROME_DRIVER_EXE_PROPERTY, driverBinary.toString());
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driverBinary)
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(DEADLINE).scriptTimeout(DEADLINE);
    }

    static Path onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, program);
            if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException(program + " is not on PATH (.ci/install.d/30-chromium.sh installs it)");
    }

    /** Waits for the condition; at the deadline saves what the page showed as target/browser-timeout.png. */
    public <T> T until(Function<WebDriver, T> condition) {
        return until(DEADLINE, condition);
    }

    /** {@link #until(Function)} with its own deadline, for a page that waits on slow work (a flood draining). */
    public <T> T until(Duration deadline, Function<WebDriver, T> condition) {
        return until(deadline, condition, () -> null);
    }

    /** {@link #until(Function)} whose timeout says what {@code state} reads then (the values the condition saw). */
    public <T> T until(Function<WebDriver, T> condition, Supplier<String> state) {
        return until(DEADLINE, condition, state);
    }

    private <T> T until(Duration deadline, Function<WebDriver, T> condition, Supplier<String> state) {
        try {
            return new WebDriverWait(driver, deadline, Duration.ofMillis(100)).withMessage(state)
                    .ignoring(org.openqa.selenium.StaleElementReferenceException.class).until(condition);
        } catch (org.openqa.selenium.TimeoutException e) {
            try {
                Files.copy(driver.getScreenshotAs(org.openqa.selenium.OutputType.FILE).toPath(),
                        Path.of("target", "browser-timeout.png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException | RuntimeException ignored) {
                // the timeout is what matters
            }
            throw e;
        }
    }

    /**
     * The text of what the selector names, read in one script call: the page re-renders its chrome on
     * every state change, so an element handle fetched first and read later can go stale in between.
     * Waits until the element exists.
     */
    String text(String selector) {
        return until(d -> (String) js("const e = document.querySelector(arguments[0]); return e ? e.textContent : null;", selector));
    }

    /** An attribute of what the selector names, read in one script call (see {@link #text}); waits until it is set. */
    String attr(String selector, String name) {
        return until(d -> (String) js("const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null;",
                selector, name));
    }

    public Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> paths = Files.walk(profile)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
