package com.acme.alerts;

import java.util.List;
import java.util.function.Consumer;

public class Alerts {
    private final Notifier notifier;
    private final BaseNotifier base;
    private final List<Notifier> all;
    private final Consumer<String> sink = this::record; // @site(sinkRecord, "record") @ref(alertsModule, record, sinkRecord) @module(alertsModule)

    public Alerts(Notifier notifier, BaseNotifier base, List<Notifier> all) {
        this.notifier = notifier;
        this.base = base;
        this.all = all;
    }

    void fire() { // @def(fire, "fire")
        notifier.send("x"); // @site(fireSend, "send") @call(fire, notifierSend, fireSend, fireBase, fireEach) @dispatch(fire, emailSend, fireSend, fireEach) @dispatch(fire, smsSend, fireSend, fireBase, fireEach)
        base.send("b"); // @site(fireBase, "send")
        for (Notifier each : all) {
            each.send("y"); // @site(fireEach, "send")
        }
        sink.accept("w"); // @site(fireSink, "accept") @call(fire, record, fireSink)
    }

    void record(String message) { // @def(record, "record")
    }

    void later(List<String> messages) { // @def(later, "later")
        messages.forEach(this::record); // @site(laterRecord, "record") @ref(later, record, laterRecord)
    }
}
