function Submit({ onClick }) {
  return <button onClick={onClick}>send</button>;
}

export function AnnulForm({ save }) { // @def(annulForm, "AnnulForm")
  const handleSubmit = async () => { // @def(annulSubmit, "handleSubmit")
    await save("annul");
  };
  return <Submit onClick={handleSubmit} />; // @site(annulSite, "handleSubmit") @possible(annulForm, annulSubmit, annulSite)
}

export function PaymentForm({ save }) { // @def(paymentForm, "PaymentForm")
  const handleSubmit = async () => { // @def(paymentSubmit, "handleSubmit")
    await save("payment");
  };
  return <Submit onClick={handleSubmit} />; // @site(paymentSite, "handleSubmit") @possible(paymentForm, paymentSubmit, paymentSite)
}

export function Summary() { // @def(summary, "Summary")
  // No handleSubmit is declared here or around: neither form's reaches it.
  return <Submit onClick={handleSubmit} />;
}

export function handleReset() { // @def(topReset, "handleReset")
  return null;
}

export function ResetForm() { // @def(resetForm, "ResetForm")
  const handleReset = () => null; // @def(localReset, "handleReset")
  return <Submit onClick={handleReset} />; // @site(localResetSite, "handleReset") @possible(resetForm, localReset, localResetSite)
}

export function Toolbar() { // @def(toolbar, "Toolbar")
  return <Submit onClick={handleReset} />; // @site(topResetSite, "handleReset") @possible(toolbar, topReset, topResetSite)
}
