package com.acme.fleet;

// Declares methods named as a collection's: a call on a collection of
// notifiers (all.remove(x), byName.put(k, n)) is the collection's, never
// one of these.
public class EmailNotifier implements Notifier {
    @Override
    public void send(String message) { // @def(emailSend, "send")
    }

    @Override
    public boolean ready() { // @def(emailReady, "ready")
        return true;
    }

    @Override
    public String name() { // @def(emailName, "name")
        return "email";
    }

    public boolean remove(Object other) { // @def(emailRemove, "remove") @nocallers(emailRemove)
        return false;
    }

    public boolean add(Notifier other) { // @def(emailAdd, "add") @nocallers(emailAdd)
        return false;
    }

    public void clear() { // @def(emailClear, "clear") @callers(emailClear, direct)
    }

    public int size() { // @def(emailSize, "size") @nocallers(emailSize)
        return 0;
    }

    public Notifier put(String key, Notifier other) { // @def(emailPut, "put") @nocallers(emailPut)
        return other;
    }

    public boolean contains(Object other) { // @def(emailContains, "contains") @nocallers(emailContains)
        return false;
    }
}
