package com.acme.funcs;

import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;

// Calls through function-typed fields whose stored value is known: the
// call runs the method stored (as in go-references and ts-references). A
// functional interface's value (a Supplier's get(), a Function's apply(x),
// a Callable's call()) is its last type argument.
public class Jobs { // @module(jobsFile)
    private final Runnable task = this::tick; // @site(taskTick, "tick") @ref(jobsFile, tick, taskTick)
    private final Function<String, Integer> reader = Jobs::parse; // @site(readerParse, "parse") @ref(jobsFile, parse, readerParse)
    private final Handler events = this::onEvent; // @site(handlerEvent, "onEvent") @ref(jobsFile, onEvent, handlerEvent)
    private Runnable later;
    private Supplier<EmailNotifier> mailer;
    private Supplier<Notifier> factory;

    void tick() { // @def(tick, "tick")
    }

    static int parse(String s) { // @def(parse, "parse")
        return 0;
    }

    void onEvent(String event) { // @def(onEvent, "onEvent")
    }

    void stop() { // @def(stop, "stop")
    }

    void wire() { // @def(wire, "wire")
        this.later = this::stop; // @site(wireStop, "stop") @ref(wire, stop, wireStop)
    }

    void useAll() { // @def(useAll, "useAll")
        task.run(); // @site(runTick, "run") @call(useAll, tick, runTick)
        reader.apply("1"); // @site(applyParse, "apply") @call(useAll, parse, applyParse)
        reader.andThen(n -> n + 1); // not a call of what reader holds
        events.handle("e"); // @site(handleEvent, "handle") @call(useAll, onEvent, handleEvent) @call(useAll, handle, handleEvent)
        this.later.run(); // @site(laterStop, "run") @call(useAll, stop, laterStop)
        mailer.get().helper(); // @site(mailerHelper, "helper") @call(useAll, helper, mailerHelper)
        factory.get().send("m"); // @site(factorySend, "send") @call(useAll, notifierSend, factorySend) @dispatch(useAll, emailSend, factorySend)
    }

    void locals() { // @def(locals, "locals")
        Handler on = this::onEvent; // @site(localsEvent, "onEvent")
        on.handle("x"); // @site(localsHandle, "handle") @call(locals, onEvent, localsEvent, localsHandle) @call(locals, handle, localsHandle)
    }

    // A local named as the field task holds another method.
    void shadow() { // @def(shadow, "shadow")
        Runnable task = this::stop; // @site(shadowStop, "stop")
        task.run(); // @site(shadowRun, "run") @call(shadow, stop, shadowStop, shadowRun)
    }

    void useParams(Function<String, EmailNotifier> lookup, Callable<Notifier> make) throws Exception { // @def(useParams, "useParams")
        lookup.apply("k").helper(); // @site(lookupHelper, "helper") @call(useParams, helper, lookupHelper)
        make.call().send("x"); // @site(callSend, "send") @call(useParams, notifierSend, callSend) @dispatch(useParams, emailSend, callSend)
    }
}

// Another class's field of the same name holds another method.
class Idle {
    private final Runnable task = this::idle; // @site(taskIdle, "idle") @ref(jobsFile, idle, taskIdle)

    void idle() { // @def(idle, "idle")
    }

    void go() { // @def(go, "go")
        task.run(); // @site(goIdle, "run") @call(go, idle, goIdle)
    }
}
