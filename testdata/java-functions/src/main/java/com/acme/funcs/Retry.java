package com.acme.funcs;

// A functional parameter stored in a field (this.action = action): the
// field's call runs what the constructor's callers pass. Two callers pass
// two methods, so each is a possible callee, not a precise one (as Go's
// go-references Close).
public class Retry {
    private final Runnable action;
    private final Runnable onGiveUp;

    public Retry(Runnable action, Runnable onGiveUp) { // @def(retryNew, "Retry")
        this.action = action;
        this.onGiveUp = onGiveUp;
    }

    void attempt() { // @def(attempt, "attempt")
        action.run(); // @site(attemptRun, "run") @namecall(attempt, deliver, attemptRun) @namecall(attempt, sweep, attemptRun)
        this.onGiveUp.run(); // @site(giveUpRun, "run") @call(attempt, alarm, giveUpRun)
    }
}

class Mailer {
    void deliver() { // @def(deliver, "deliver")
    }

    static void alarm() { // @def(alarm, "alarm")
    }

    Retry retry() { // @def(retry, "retry")
        return new Retry(this::deliver, Mailer::alarm); // @site(retryDeliver, "deliver") @site(retryAlarm, "alarm") @ref(retry, deliver, retryDeliver) @ref(retry, alarm, retryAlarm) @call(retry, retryNew, retryNewSite) @site(retryNewSite, "Retry")
    }
}

class Sweeper {
    void sweep() { // @def(sweep, "sweep")
    }

    Retry retry() { // @def(sweeperRetry, "retry")
        return new Retry(this::sweep, Mailer::alarm); // @site(sweepRef, "sweep") @site(sweepAlarm, "alarm") @ref(sweeperRetry, sweep, sweepRef) @ref(sweeperRetry, alarm, sweepAlarm) @call(sweeperRetry, retryNew, sweepNewSite) @site(sweepNewSite, "Retry")
    }
}
