package com.acme.notify;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;

// A field injected in a base class, called from a subclass.
public abstract class BaseJob {
    @Autowired
    @Qualifier("email")
    protected Notifier notifier;
}
