import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { statementToCsv } from '@playquid/domain';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { StatementSigner } from './statement-signer';
import { StatementExportQueryDto, StatementKeysDto } from './statements.dto';
import { StatementsService } from './statements.service';

/**
 * The statement anyone can verify: the member downloads it, and the public keys that check its
 * signature are published for anyone (the verifier page, the CLI, a member's own tools).
 */
@ApiTags('statements')
@Controller()
export class StatementsController {
  constructor(
    private readonly statements: StatementsService,
    private readonly signer: StatementSigner,
  ) {}

  @Get('users/statement/export')
  @Auth({ verified: true })
  @ApiProduces('application/json', 'text/csv')
  @ApiOperation({ summary: 'Download the signed statement: every wallet event with its amount, running balance and hash-chain link' })
  @ApiBadRequestResponse({ description: 'format is not json or csv' })
  async export(@CurrentUser() auth: AuthUser, @Query() query: StatementExportQueryDto) {
    const statement = await this.statements.signedStatement(auth.uid);
    const format = query.format ?? 'json';
    const stamp = statement.generated_at.slice(0, 19).replace(/:/g, '-');
    const body = format === 'csv' ? statementToCsv(statement) : `${JSON.stringify(statement, null, 2)}\n`;
    return new StreamableFile(Buffer.from(body, 'utf8'), {
      type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      disposition: `attachment; filename="playquid-statement-${stamp}.${format}"`,
    });
  }

  @Get('statement-keys')
  @Header('cache-control', 'public, max-age=3600')
  @ApiOperation({ summary: 'The public Ed25519 keys that sign statements and log checkpoints (the active one and every retired one)' })
  @ApiOkResponse({ type: StatementKeysDto })
  keys() {
    return ok({ keys: this.signer.publicKeys }, 'Statement keys loaded');
  }
}
