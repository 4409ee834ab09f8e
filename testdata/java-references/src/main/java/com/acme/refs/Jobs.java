package com.acme.refs;

import java.util.List;

// Method references (issue 15): this::handle and Jobs::parse name the
// method without calling it, and count as calls of it; Jobs::new does not
// name a method.
public class Jobs {
    void handle(String job) { // @def(handle, "handle")
    }

    static int parse(String s) { // @def(parse, "parse")
        return 0;
    }

    void runAll(List<String> jobs) { // @def(runAll, "runAll")
        jobs.forEach(this::handle); // @site(runHandle, "handle") @ref(runAll, handle, runHandle)
        jobs.stream().map(Jobs::parse).count(); // @site(runParse, "parse") @ref(runAll, parse, runParse)
        java.util.function.Supplier<Jobs> make = Jobs::new;
    }
}
