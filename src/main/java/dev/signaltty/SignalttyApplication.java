package dev.signaltty;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The daemon. {@code main} starts Spring, the modules and the socket listener, and returns; the
 * context's keep-alive thread holds the JVM until {@code server.stop} (or a signal) closes it.
 */
// the daemon has no interactive shell; the console builds its own small context (cli module)
@SpringBootApplication(excludeName = "org.springframework.shell.core.autoconfigure.SpringShellAutoConfiguration")
public class SignalttyApplication {

    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(SignalttyApplication.class);
        application.setAdditionalProfiles("daemon");
        application.run(args);
    }
}
