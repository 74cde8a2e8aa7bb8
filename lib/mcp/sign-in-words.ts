/** The words of a server's 401 in an error (host text, shared with the chat card that offers Connect). */
export const AUTHORIZATION_REQUIRED = 'requires authorization (HTTP 401)';

export function authorizationRequiredText(serverName: string): string {
  return `${serverName} ${AUTHORIZATION_REQUIRED}: sign in with Connect.`;
}

export function asksToSignIn(message: string | undefined): boolean {
  return message?.includes(AUTHORIZATION_REQUIRED) === true;
}
