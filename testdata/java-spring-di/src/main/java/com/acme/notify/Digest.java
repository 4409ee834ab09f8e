package com.acme.notify;

import lombok.RequiredArgsConstructor;
import org.springframework.stereotype.Component;

// Lombok writes the constructor that injects the final fields.
@Component
@RequiredArgsConstructor
public class Digest {
    private final Notifier notifier;

    void flush() { // @def(flush, "flush")
        notifier.send("digest"); // @site(flushSend, "send") @call(flush, notifierSend, flushSend) @dispatch(flush, smsSend, flushSend)
    }
}
