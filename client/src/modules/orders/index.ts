// The orders module's face: the order slot's button and drawer for a thread (the inbox passes it to the
// Messages view), and the card of the café's Tap account for the settings for messages. The /orders page is
// the router's lazy chunk (OrdersPage.tsx).
export { OrderButton } from "./components/OrderButton.tsx";
export { TapAccountCard } from "./components/TapAccountCard.tsx";
