// The browser never calls a model; the AI SDK's default gateway provider is left out of it.
// The AI SDK imports these names; in the browser no error is ever a gateway's.
function unavailable(): never {
  throw new Error('The AI gateway is not available in the browser.');
}
export const gateway = unavailable;
export const createGateway = unavailable;
export class GatewayError extends Error {
  static isInstance(_error: unknown): boolean {
    return false;
  }
}
export class GatewayAuthenticationError extends GatewayError {}
