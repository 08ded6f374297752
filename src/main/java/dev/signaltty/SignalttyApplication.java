package dev.signaltty;

import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class SignalttyApplication {
}
