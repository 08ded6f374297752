package dev.signaltty;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class SignalttyApplication {

    /** The daemon, run in the foreground by {@code signaltty server run} (dev.signaltty.cli.Main). */
    public static void main(String[] args) {
        SpringApplication.run(SignalttyApplication.class, args);
    }
}
