package com.acme.alerts;

public class Other {
    void send(String message) { // @def(otherSend, "send")
    }

    void use(Other other) { // @def(use, "use")
        other.send("q"); // @site(useSend, "send") @call(use, otherSend, useSend)
    }
}
