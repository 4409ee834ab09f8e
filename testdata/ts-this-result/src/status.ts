import { CardBuilder, ResponseBuilder } from "./builder.js";

export function statusReply(email: string): string { // @def(statusReply, "statusReply")
  return ResponseBuilder.create()
    .header("Status") // @site(h1, "header") @call(statusReply, header, h1)
    .field("Email", email) // @site(f1, "field")
    .field("Plan", "free") // @site(f2, "field") @call(statusReply, field, f1, f2)
    .build(); // @site(b1, "build") @call(statusReply, build, b1)
}

export function card(url: string): string { // @def(card, "card")
  return new CardBuilder()
    .header("Card") // @site(h2, "header") @call(card, header, h2)
    .image(url) // @site(i1, "image") @call(card, image, i1)
    .field("Link", url) // @site(f3, "field") @call(card, field, f3)
    .build(); // @site(b2, "build") @call(card, build, b2)
}
