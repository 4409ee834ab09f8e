package com.acme.fleet;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Queue;

// Collections of notifiers given as parameters, held in locals and
// returned by methods.
public class Router {
    List<Notifier> load() { // @def(load, "load")
        return new ArrayList<>();
    }

    Map<String, Notifier> index() { // @def(index, "index")
        return Map.of();
    }

    void params(Collection<Notifier> some, Iterable<Notifier> many, Queue<Notifier> queue) { // @def(params, "params")
        some.forEach(n -> n.send("a")); // @site(paramsSome, "send") @call(params, notifierSend, paramsSome, paramsMany, paramsQueue) @dispatch(params, emailSend, paramsSome, paramsMany, paramsQueue) @dispatch(params, smsSend, paramsSome, paramsMany, paramsQueue)
        for (var n : many) {
            n.send("b"); // @site(paramsMany, "send")
        }
        queue.poll().send("c"); // @site(paramsQueue, "send")
        some.remove(queue.peek());
        queue.add(null);
    }

    void locals() { // @def(locals, "locals")
        List<Notifier> mine = load();
        mine.get(0).send("l"); // @site(localsGet, "send") @call(locals, notifierSend, localsGet, localsMade, localsIter) @dispatch(locals, emailSend, localsGet, localsMade, localsIter) @dispatch(locals, smsSend, localsGet, localsMade, localsIter)
        var made = new ArrayList<Notifier>(mine);
        made.forEach(n -> n.send("m")); // @site(localsMade, "send")
        Iterator<Notifier> it = mine.iterator();
        it.next().send("i"); // @site(localsIter, "send")
        made.clear();
        mine.add(it.next());
    }

    void results(String key) { // @def(results, "results")
        load().get(0).send("r"); // @site(resultsGet, "send") @call(results, notifierSend, resultsGet, resultsLoop, resultsIndex) @dispatch(results, emailSend, resultsGet, resultsLoop, resultsIndex) @dispatch(results, smsSend, resultsGet, resultsLoop, resultsIndex)
        for (var n : load()) {
            n.send("f"); // @site(resultsLoop, "send")
        }
        index().get(key).send("x"); // @site(resultsIndex, "send")
        load().clear();
        index().put(key, null);
    }
}
