import { Module } from '@nestjs/common';
import { loadStatementSigning } from '../config/statement-keys';
import { StatementSigner, STATEMENT_SIGNING } from './statement-signer';
import { StatementsController } from './statements.controller';
import { StatementsService } from './statements.service';

/** Signed statements and their public keys; the key is read (production: required) when the app starts. */
@Module({
  controllers: [StatementsController],
  providers: [{ provide: STATEMENT_SIGNING, useFactory: () => loadStatementSigning() }, StatementSigner, StatementsService],
  exports: [StatementSigner],
})
export class StatementsModule {}
