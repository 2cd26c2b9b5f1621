#!/usr/bin/env bash
# Makes sure the test services are there on a Debian machine (run as root): PostgreSQL on
# 127.0.0.1:5432 with trust auth for local tests, Redis on 127.0.0.1:6379 (noeviction), Mosquitto on
# 127.0.0.1:1883 (anonymous, loopback only: the machine counts over MQTT, docs/integration.md), system
# Chromium, pdftotext and zbarimg. Installs what is missing from Debian's packages and starts what is stopped.
# Nothing listens beyond loopback. Safe to run again.
set -euo pipefail

log() { printf '[test-services] %s\n' "$*"; }
apt_updated=0
apt_install() {
  if [ "$(id -u)" != "0" ]; then
    log "need root to install: $* (or set DATABASE_URL / REDIS_URL / CHROME_PATH)"; return 1
  fi
  if [ "$apt_updated" = 0 ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# PostgreSQL
if [ -n "${DATABASE_URL:-}" ]; then
  log "PostgreSQL: using DATABASE_URL"
elif pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  log "PostgreSQL: running on 127.0.0.1:5432"
else
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    log "PostgreSQL: installing"
    apt_install postgresql postgresql-client
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    hba=/etc/postgresql/$version/main/pg_hba.conf
    # A machine that only runs tests: local connections without a password, loopback only.
    printf 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n' > "$hba"
    sed -i "s/^#\?listen_addresses.*/listen_addresses = 'localhost'/" /etc/postgresql/$version/main/postgresql.conf
  fi
  log "PostgreSQL: starting"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -n 1)" main start || true
  for _ in $(seq 1 60); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.5; done
  pg_isready -h 127.0.0.1 -p 5432
fi

# Redis
if [ -n "${REDIS_URL:-}" ]; then
  log "Redis: using REDIS_URL"
elif command -v redis-cli >/dev/null 2>&1 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  log "Redis: running on 127.0.0.1:6379"
else
  command -v redis-server >/dev/null 2>&1 || { log "Redis: installing"; apt_install redis-server; }
  log "Redis: starting"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --maxmemory-policy noeviction --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 40); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.25; done
  redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null
fi
# BullMQ needs keys never evicted.
redis-cli -h 127.0.0.1 -p 6379 config set maxmemory-policy noeviction >/dev/null 2>&1 || true

# Mosquitto (MQTT broker for the machine counts' tests)
mqtt_listening() { (exec 3<>/dev/tcp/127.0.0.1/1883) 2>/dev/null; }
if [ -n "${MQTT_TEST_URL:-}" ]; then
  log "Mosquitto: using MQTT_TEST_URL"
elif mqtt_listening; then
  log "Mosquitto: running on 127.0.0.1:1883"
else
  command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || { log "Mosquitto: installing"; apt_install mosquitto; }
  log "Mosquitto: starting"
  mkdir -p /etc/mosquitto/conf.d
  # Anonymous on loopback only: a machine that runs tests, never a company's broker.
  printf 'listener 1883 127.0.0.1\nallow_anonymous true\npersistence false\n' > /etc/mosquitto/ci.conf
  "$(command -v mosquitto || echo /usr/sbin/mosquitto)" -d -c /etc/mosquitto/ci.conf
  for _ in $(seq 1 40); do mqtt_listening && break; sleep 0.25; done
  mqtt_listening || { log "Mosquitto: not listening on 127.0.0.1:1883"; exit 1; }
fi

# Chromium (browser tests and PDF rendering) and pdftotext (PDF assertions)
if [ -n "${CHROME_PATH:-}" ] && [ -x "${CHROME_PATH}" ]; then
  log "Chromium: using CHROME_PATH"
elif command -v chromium >/dev/null 2>&1; then
  log "Chromium: $(command -v chromium)"
else
  log "Chromium: installing"
  apt_install chromium fonts-liberation
fi
# The headless shell prints PDFs about twice as fast as the full browser (docs/documents.md, Speed);
# without it the renderer falls back to the full browser.
command -v chromium-headless-shell >/dev/null 2>&1 || { log "chromium-headless-shell: installing"; apt_install chromium-headless-shell || true; }
command -v pdftotext >/dev/null 2>&1 || { log "pdftotext: installing"; apt_install poppler-utils || true; }
# zbarimg (barcode assertions on printed documents)
command -v zbarimg >/dev/null 2>&1 || { log "zbarimg: installing"; apt_install zbar-tools || true; }
log "ready"
