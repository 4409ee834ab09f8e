package com.acme.alerts;

import java.util.List;

public class Router {
    void route(Object value, List<Notifier> targets) { // @def(route, "route")
        targets.forEach((Notifier target) -> target.send("each")); // @site(routeEach, "send") @call(route, notifierSend, routeEach) @dispatch(route, emailSend, routeEach) @dispatch(route, smsSend, routeEach)
        try {
            value.wait();
        } catch (DeliveryFailed failed) {
            failed.retry(); // @site(routeRetry, "retry") @call(route, retry, routeRetry)
        } catch (InterruptedException ignored) {
        }
    }
}

class Direct {
    void direct(Object value) { // @def(direct, "direct")
        if (value instanceof EmailNotifier email) {
            email.send("direct"); // @site(directEmail, "send") @call(direct, emailSend, directEmail)
        }
    }
}

class DeliveryFailed extends RuntimeException {
    void retry() { // @def(retry, "retry")
    }
}

class Mailbox {
    void retry() { // @def(mailboxRetry, "retry") @nocallers(mailboxRetry)
    }
}
