// A method handed to an element's attribute (onClick={this.handleRetry}):
// the element holds it, and tsserver lists the property access as an
// incoming call. A field read there ({this.title}) is data.
export class ErrorBoundary {
  title = "Something went wrong";

  handleRetry = (): void => { // @def(handleRetry, "handleRetry")
    this.title = "";
  };

  reset(): void { // @def(reset, "reset")
    this.title = "";
  }

  render() { // @def(render, "render")
    return (
      <div>
        <h1>{this.title}</h1>
        <button onClick={this.handleRetry}>retry</button> {/* @site(retryRef, "handleRetry") @ref(render, handleRetry, retryRef) */}
        <button onClick={this.reset}>reset</button> {/* @site(resetRef, "reset") @ref(render, reset, resetRef) */}
      </div>
    );
  }
}
