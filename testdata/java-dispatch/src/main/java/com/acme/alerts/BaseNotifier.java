package com.acme.alerts;

// Implements Notifier without declaring send: its subclasses do.
public abstract class BaseNotifier implements Notifier {
    public void twice(String message) { // @def(twice, "twice")
        send(message); // @site(twiceSend1, "send") @call(twice, notifierSend, twiceSend1, twiceSend2) @dispatch(twice, smsSend, twiceSend1, twiceSend2)
        this.send(message); // @site(twiceSend2, "send")
    }
}
