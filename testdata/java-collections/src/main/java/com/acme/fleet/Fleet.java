package com.acme.fleet;

import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

// Collections of notifiers held in fields: each element is a Notifier.
public class Fleet {
    private final List<Notifier> all = new ArrayList<>();
    private final Map<String, Notifier> byName;
    private final Optional<Notifier> primary;
    private final Set<Notifier> pool;
    private final Deque<Notifier> pending;
    private final List<EmailNotifier> mail;

    Fleet(Map<String, Notifier> byName, Optional<Notifier> primary, Set<Notifier> pool, Deque<Notifier> pending, List<EmailNotifier> mail) {
        this.byName = byName;
        this.primary = primary;
        this.pool = pool;
        this.pending = pending;
        this.mail = mail;
    }

    void each() { // @def(each, "each")
        all.forEach(n -> n.send("z")); // @site(eachSend, "send") @call(each, notifierSend, eachSend) @dispatch(each, emailSend, eachSend) @dispatch(each, smsSend, eachSend)
    }

    void loop() { // @def(loop, "loop")
        for (var n : this.all) {
            n.send("v"); // @site(loopSend, "send") @call(loop, notifierSend, loopSend) @dispatch(loop, emailSend, loopSend) @dispatch(loop, smsSend, loopSend)
        }
    }

    void first() { // @def(first, "first")
        all.get(0).send("g"); // @site(firstSend, "send") @call(first, notifierSend, firstSend) @dispatch(first, emailSend, firstSend) @dispatch(first, smsSend, firstSend)
    }

    void streamed() { // @def(streamed, "streamed")
        all.stream().filter(n -> n.ready()).forEach(n -> n.send("s")); // @site(streamReady, "ready") @site(streamSend, "send") @call(streamed, notifierReady, streamReady) @dispatch(streamed, emailReady, streamReady) @dispatch(streamed, smsReady, streamReady) @call(streamed, notifierSend, streamSend) @dispatch(streamed, emailSend, streamSend) @dispatch(streamed, smsSend, streamSend)
    }

    List<String> names() { // @def(names, "names")
        return all.stream().map(n -> n.name()).toList(); // @site(namesName, "name") @call(names, notifierName, namesName) @dispatch(names, emailName, namesName) @dispatch(names, smsName, namesName)
    }

    void optional() { // @def(optional, "optional")
        primary.get().send("o"); // @site(optGet, "send") @call(optional, notifierSend, optGet, optIf) @dispatch(optional, emailSend, optGet, optIf) @dispatch(optional, smsSend, optGet, optIf)
        primary.ifPresent(n -> n.send("p")); // @site(optIf, "send")
    }

    void lookup(String key) { // @def(lookup, "lookup")
        byName.get(key).send("k"); // @site(lookupGet, "send") @call(lookup, notifierSend, lookupGet, lookupValues, lookupEach) @dispatch(lookup, emailSend, lookupGet, lookupValues, lookupEach) @dispatch(lookup, smsSend, lookupGet, lookupValues, lookupEach)
        byName.values().forEach(n -> n.send("w")); // @site(lookupValues, "send")
        byName.forEach((k, n) -> n.send(k)); // @site(lookupEach, "send")
    }

    void queued() { // @def(queued, "queued")
        for (var n : pool) {
            n.send("q"); // @site(queuedPool, "send") @call(queued, notifierSend, queuedPool, queuedPeek) @dispatch(queued, emailSend, queuedPool, queuedPeek) @dispatch(queued, smsSend, queuedPool, queuedPeek)
        }
        pending.peek().send("d"); // @site(queuedPeek, "send")
    }

    void direct() { // @def(direct, "direct")
        mail.get(0).clear(); // @site(directClear, "clear") @call(direct, emailClear, directClear)
        mail.clear();
    }

    // Calls on the collections themselves: the library's, never a
    // project method of the same name (EmailNotifier.remove, ...).
    void housekeeping(Notifier gone) { // @def(housekeeping, "housekeeping")
        all.remove(gone);
        all.add(gone);
        all.size();
        all.clear();
        all.contains(gone);
        byName.put("x", gone);
        byName.remove("x");
        byName.values().remove(gone);
        pool.add(gone);
        pool.clear();
        pending.clear();
        primary.get();
        mail.size();
        mail.stream().filter(m -> m.ready()).toList().clear(); // @site(houseReady, "ready") @call(housekeeping, emailReady, houseReady)
    }
}
