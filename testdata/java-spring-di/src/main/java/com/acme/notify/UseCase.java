package com.acme.notify;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import org.springframework.stereotype.Component;

// A stereotype of the project's own: component scanning makes its classes beans.
@Component
@Retention(RetentionPolicy.RUNTIME)
public @interface UseCase {
}
