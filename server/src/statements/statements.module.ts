import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@playquid/contracts';
import { loadStatementSigning } from '../config/statement-keys';
import { LogCheckpointProcessor } from './log-checkpoint.processor';
import { LogCheckpointService } from './log-checkpoint.service';
import { StatementSigner, STATEMENT_SIGNING } from './statement-signer';
import { StatementsController } from './statements.controller';
import { StatementsService } from './statements.service';

/**
 * Signed statements and their public keys; the key is read (production: required) when the app
 * starts. The same key signs a checkpoint of the log every LOG_CHECKPOINT_INTERVAL_MINUTES.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.logCheckpoints })],
  controllers: [StatementsController],
  providers: [
    { provide: STATEMENT_SIGNING, useFactory: () => loadStatementSigning() },
    StatementSigner,
    StatementsService,
    LogCheckpointService,
    LogCheckpointProcessor,
  ],
  exports: [StatementSigner, LogCheckpointService],
})
export class StatementsModule {}
