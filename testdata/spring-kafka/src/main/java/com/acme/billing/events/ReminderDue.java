package com.acme.billing.events;

// Not a BillingEvent: listeners of BillingEvent do not hear it.
public record ReminderDue(String invoiceId) {}
