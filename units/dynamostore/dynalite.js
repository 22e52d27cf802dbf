// Starts dynalite (installed by install.sh) on 127.0.0.1 on a free port,
// tables ready at once, and prints the port on the first line of standard
// output. The dynamostore tests run it; it stops when standard input closes.
const path = require('path')
const dynalite = require(path.join(__dirname, '.dynalite', 'node_modules', 'dynalite'))
const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(server.address().port + '\n')
})
process.stdin.on('end', () => process.exit(0))
process.stdin.resume()
