import { Inject, Injectable } from '@nestjs/common';
import { type SignedStatement, type StatementBody, type StatementPublicKey, statementSigningBytes } from '@playquid/domain';
import { sign } from 'node:crypto';
import type { StatementSigningConfig } from '../config/statement-keys';

export const STATEMENT_SIGNING = Symbol('STATEMENT_SIGNING');

/** Signs with the active key (node:crypto); what it signs is the domain's canonical body. */
@Injectable()
export class StatementSigner {
  constructor(@Inject(STATEMENT_SIGNING) private readonly signing: StatementSigningConfig) {}

  get keyId(): string {
    return this.signing.keyId;
  }

  get publicKeys(): StatementPublicKey[] {
    return this.signing.publicKeys;
  }

  signBytes(bytes: Uint8Array): string {
    return sign(null, bytes, this.signing.privateKey).toString('base64');
  }

  signStatement(body: StatementBody): SignedStatement {
    return { ...body, signature: { algorithm: 'Ed25519', key_id: this.signing.keyId, value: this.signBytes(statementSigningBytes(body)) } };
  }
}
