package com.acme.ctors;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

// Constructors called, chained and passed as values.
public class Mail {
    private final String to;

    public Mail() { // @def(mailNone, "Mail")
        this("nobody"); // @site(chainThis, "this") @call(mailNone, mailTo, chainThis)
    }

    public Mail(String to) { // @def(mailTo, "Mail")
        this.to = to;
    }

    static Mail make() { // @def(make, "make")
        return new Mail("a"); // @site(makeNew, "Mail") @call(make, mailTo, makeNew)
    }

    static Mail empty() { // @def(empty, "empty")
        return new Mail(); // @site(emptyNew, "Mail") @call(empty, mailNone, emptyNew)
    }

    static Supplier<Mail> factory() { // @def(factory, "factory")
        return Mail::new; // @site(factoryRef, "Mail") @ref(factory, mailNone, factoryRef)
    }

    static List<Mail> all(List<String> tos) { // @def(all, "all")
        Function<String, Mail> make;
        make = Mail::new; // @site(allRef, "Mail") @ref(all, mailNone, allRef) @ref(all, mailTo, allRef)
        return tos.stream().map(make).toList();
    }

    static Mail one(String to) { // @def(one, "one")
        Function<String, Mail> byName =
                Mail::new; // @site(oneRef, "Mail")
        return byName.apply(to); // @site(oneApply, "apply") @call(one, mailTo, oneRef, oneApply)
    }
}

class Urgent extends Mail {
    Urgent(String to) { // @def(urgent, "Urgent")
        super(to); // @site(chainSuper, "super") @call(urgent, mailTo, chainSuper)
    }

    static Urgent now() { // @def(now, "now")
        return new Urgent("boss"); // @site(nowNew, "Urgent") @call(now, urgent, nowNew)
    }
}
