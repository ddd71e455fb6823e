import { useCallback, useEffect, useEffectEvent, useState, type MouseEvent } from 'react';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { captchaInfo, newCaptchaId, type CaptchaPoint } from './captcha-info.ts';
import { checkClickCaptcha, clickCaptchaQuery } from './api.ts';

/** A passed captcha, to send with the login (issue 3: "Login accepts a passed captcha once"). */
export interface CaptchaPass {
  captchaId: string;
  captchaInfo: string;
}

type Status =
  | { kind: 'clicking' }
  | { kind: 'checking' }
  | { kind: 'wrong'; message: string }
  | { kind: 'passed'; info: string };

// How long the outcome stays visible before the panel moves on.
const WRONG_PAUSE_MS = 1_000;
const PASSED_PAUSE_MS = 500;
const MARKER_SIZE = 22;

function failureText(error: unknown, wrongArea: string): string {
  if (!(error instanceof ApiError)) return wrongArea;
  // Rate limits and unreachable servers say something else than "wrong area" (spec §8).
  if (error.code === 429 || error.reason !== 'server') return error.msg;
  return wrongArea;
}

/**
 * The click captcha (spec §5 "click the prompted characters in order", §8 captcha messages): the
 * image with the characters to click, a marker per click and a refresh button. Once as many clicks
 * as characters are in, it checks them; a wrong answer loads a new captcha.
 */
export function ClickCaptchaPanel({ onPass }: { onPass: (pass: CaptchaPass) => void }) {
  const { t } = useTranslation();
  const [id, setId] = useState(newCaptchaId);
  const [clicks, setClicks] = useState<CaptchaPoint[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'clicking' });
  const captcha = useQuery(clickCaptchaQuery(id));

  const refresh = useCallback(() => {
    setId(newCaptchaId());
    setClicks([]);
    setStatus({ kind: 'clicking' });
  }, []);

  const passed = useEffectEvent((info: string) => onPass({ captchaId: id, captchaInfo: info }));

  // An expired captcha cannot pass: fetch the next one when it runs out.
  const expireSeconds = captcha.data?.expire;
  useEffect(() => {
    if (expireSeconds === undefined) return undefined;
    const timer = setTimeout(refresh, expireSeconds * 1000);
    return () => clearTimeout(timer);
  }, [expireSeconds, refresh]);

  useEffect(() => {
    if (status.kind === 'wrong') {
      const timer = setTimeout(refresh, WRONG_PAUSE_MS);
      return () => clearTimeout(timer);
    }
    if (status.kind === 'passed') {
      const { info } = status;
      const timer = setTimeout(() => passed(info), PASSED_PAUSE_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [status, refresh]);

  const onImageClick = (event: MouseEvent<HTMLImageElement>) => {
    if (!captcha.data || status.kind !== 'clicking') return;
    const rect = event.currentTarget.getBoundingClientRect();
    const next = [...clicks, { x: event.clientX - rect.left, y: event.clientY - rect.top }];
    setClicks(next);
    if (next.length < captcha.data.text.length) return;
    // Positions in the displayed image's pixels plus the displayed size; the server scales them.
    const info = captchaInfo(next, rect.width, rect.height);
    setStatus({ kind: 'checking' });
    checkClickCaptcha(id, info).then(
      () => setStatus({ kind: 'passed', info }),
      (error: unknown) => setStatus({ kind: 'wrong', message: failureText(error, t('captcha.wrong')) }),
    );
  };

  let image;
  if (captcha.isPending) {
    image = (
      <Flex align="center" justify="center" style={{ height: 160 }}>
        <Spin description={t('captcha.loading')} />
      </Flex>
    );
  } else if (captcha.isError) {
    image = (
      <Button
        data-testid="captcha-load-failed"
        type="dashed"
        block
        style={{ height: 160, whiteSpace: 'normal' }}
        onClick={refresh}
      >
        {t('captcha.loadFailed')}
      </Button>
    );
  } else {
    const { data } = captcha;
    image = (
      <div style={{ position: 'relative', display: 'inline-block', maxWidth: '100%', lineHeight: 0 }}>
        <img
          data-testid="captcha-image"
          data-captcha-id={data.id}
          src={data.base64}
          width={data.width}
          height={data.height}
          alt={t('captcha.imageAlt')}
          draggable={false}
          onClick={onImageClick}
          style={{
            display: 'block',
            maxWidth: '100%',
            height: 'auto',
            cursor: status.kind === 'clicking' ? 'pointer' : 'default',
            userSelect: 'none',
          }}
        />
        {clicks.map((point, index) => (
          <span
            key={index}
            aria-hidden
            style={{
              position: 'absolute',
              left: point.x - MARKER_SIZE / 2,
              top: point.y - MARKER_SIZE / 2,
              width: MARKER_SIZE,
              height: MARKER_SIZE,
              borderRadius: '50%',
              background: '#1677ff',
              color: '#fff',
              fontSize: 12,
              lineHeight: `${MARKER_SIZE}px`,
              textAlign: 'center',
              pointerEvents: 'none',
              boxShadow: '0 0 0 2px #fff',
            }}
          >
            {index + 1}
          </span>
        ))}
      </div>
    );
  }

  let footer;
  switch (status.kind) {
    case 'clicking':
      footer = captcha.data ? (
        <Typography.Text data-testid="captcha-prompt">
          {t('captcha.prompt')}{' '}
          {captcha.data.text.map((char, index) => (
            <Typography.Text key={index} strong style={{ fontSize: 16, margin: '0 4px' }}>
              「{char}」
            </Typography.Text>
          ))}
        </Typography.Text>
      ) : null;
      break;
    case 'checking':
      footer = <Spin size="small" />;
      break;
    case 'wrong':
      footer = <Alert data-testid="captcha-status" type="error" showIcon title={status.message} />;
      break;
    case 'passed':
      footer = <Alert data-testid="captcha-status" type="success" showIcon title={t('captcha.passed')} />;
      break;
  }

  return (
    <Flex data-testid="captcha-panel" vertical gap={12} align="stretch">
      <div style={{ textAlign: 'center' }}>{image}</div>
      <Flex align="center" justify="space-between" gap={8} style={{ minHeight: 40 }}>
        <div style={{ flex: 1 }}>{footer}</div>
        <Button
          data-testid="captcha-refresh"
          type="text"
          icon={<ReloadOutlined />}
          aria-label={t('captcha.refresh')}
          title={t('captcha.refresh')}
          disabled={status.kind === 'checking' || status.kind === 'passed'}
          onClick={refresh}
        />
      </Flex>
    </Flex>
  );
}

/** The captcha as a dialog, opened when a login form is submitted. */
export function ClickCaptchaModal({
  open,
  onPass,
  onCancel,
}: {
  open: boolean;
  onPass: (pass: CaptchaPass) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('captcha.title')} footer={null} onCancel={onCancel} destroyOnHidden centered>
      {open ? <ClickCaptchaPanel onPass={onPass} /> : null}
    </Modal>
  );
}
