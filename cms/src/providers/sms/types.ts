/** What sends a text message. Production talks to an SMS gateway; development writes to the outbox. */
export interface SmsProvider {
  /** Resolves once the gateway has accepted the message; rejects with the reason otherwise. */
  send(to: string, body: string): Promise<void>;
}
